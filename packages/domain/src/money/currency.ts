import type { Brand } from '../shared/brand';
import { ISO_3166_ALPHA_2_CODES } from './iso-3166';
import { ISO_4217_CODES } from './iso-4217';

/** ISO 4217 code, uppercase, three letters. */
export type CurrencyCode = Brand<string, 'CurrencyCode'>;
/** ISO 3166-1 alpha-2 code, uppercase, two letters. */
export type CountryCode = Brand<string, 'CountryCode'>;

const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** A code of the shape; what stored data is read with (a session keeps the code it was created with). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return CURRENCY.test(value);
}

export function currencyCode(value: string): CurrencyCode {
  if (!isCurrencyCode(value)) throw new Error(`Not an ISO 4217 code: ${value}`);
  return value;
}

export function isCountryCode(value: string): value is CountryCode {
  return COUNTRY.test(value);
}

export function countryCode(value: string): CountryCode {
  if (!isCountryCode(value)) throw new Error(`Not an ISO 3166-1 alpha-2 code: ${value}`);
  return value;
}

/** A currency ISO 4217 assigns today: what a new order may be priced in (checked where requests come in). */
export function isAssignedCurrency(value: string): boolean {
  return ISO_4217_CODES.has(value);
}

/** A country ISO 3166-1 assigns an alpha-2 code to: what a new order may name (checked where requests come in). */
export function isAssignedCountry(value: string): boolean {
  return ISO_3166_ALPHA_2_CODES.has(value);
}
