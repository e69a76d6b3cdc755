import { minorUnitsOf, money, type Money } from '@splitpay/domain';

/**
 * Adyen's decimals where its currency codes page departs from ISO 4217: CLP and ISK have two at
 * Adyen (none in ISO 4217), CVE and IDR none (two in ISO 4217). Every other code is ISO's.
 */
const ADYEN_DIGITS: Readonly<Record<string, number>> = { CLP: 2, CVE: 0, IDR: 0, ISK: 2 };

/** Adyen's `amount`: its minor units of the currency. */
export interface AdyenAmount {
  readonly value: number;
  readonly currency: string;
}

/** How many more decimals Adyen writes than ISO 4217 for the currency (negative: fewer). */
const shiftOf = (currency: string): number => (ADYEN_DIGITS[currency] ?? minorUnitsOf(currency)) - minorUnitsOf(currency);

/**
 * Our amount (ISO 4217 minor units) in Adyen's minor units: ISK 1000 is 100000 at Adyen, IDR 250000
 * (2500.00) is 2500. Undefined when Adyen's unit cannot carry it (a fraction of a rupiah or an escudo).
 */
export function toAdyenAmount(amount: Money): AdyenAmount | undefined {
  const shift = shiftOf(amount.currency);
  if (shift >= 0) return { value: amount.amount * 10 ** shift, currency: amount.currency };
  const unit = 10 ** -shift;
  return amount.amount % unit === 0 ? { value: amount.amount / unit, currency: amount.currency } : undefined;
}

/** What Adyen wrote, back in ISO 4217 minor units; undefined when ISO's unit cannot hold it (CLP cents). */
export function fromAdyenAmount(value: number, currency: string): Money | undefined {
  const shift = shiftOf(currency);
  if (shift <= 0) return money(value * 10 ** -shift, currency);
  const unit = 10 ** shift;
  return value % unit === 0 ? money(value / unit, currency) : undefined;
}
