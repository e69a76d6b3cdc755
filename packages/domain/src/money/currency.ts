import type { Brand } from '../shared/brand';
import { ISO_3166_ALPHA_2_CODES } from './iso-3166';
import { ISO_4217_CODES } from './iso-4217';

/** ISO 4217 code, uppercase, three letters, one the standard assigns. */
export type CurrencyCode = Brand<string, 'CurrencyCode'>;
/** ISO 3166-1 alpha-2 code, uppercase, two letters, one the standard assigns. */
export type CountryCode = Brand<string, 'CountryCode'>;

export function isCurrencyCode(value: string): value is CurrencyCode {
  return ISO_4217_CODES.has(value);
}

export function currencyCode(value: string): CurrencyCode {
  if (!isCurrencyCode(value)) throw new Error(`Not an ISO 4217 code: ${value}`);
  return value;
}

export function isCountryCode(value: string): value is CountryCode {
  return ISO_3166_ALPHA_2_CODES.has(value);
}

export function countryCode(value: string): CountryCode {
  if (!isCountryCode(value)) throw new Error(`Not an ISO 3166-1 alpha-2 code: ${value}`);
  return value;
}
