import type { Brand } from '../shared/brand';

/** ISO 4217 code, uppercase, three letters. */
export type CurrencyCode = Brand<string, 'CurrencyCode'>;
/** ISO 3166-1 alpha-2 code, uppercase, two letters. */
export type CountryCode = Brand<string, 'CountryCode'>;

const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;

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
