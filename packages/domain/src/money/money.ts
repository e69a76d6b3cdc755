import { currencyCode, type CurrencyCode } from './currency';

/** An amount in minor units of one currency. Arithmetic never crosses currencies. */
export interface Money {
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export function money(amount: number, currency: CurrencyCode | string): Money {
  if (!Number.isSafeInteger(amount)) throw new Error(`Money amount must be an integer of minor units: ${amount}`);
  return { amount, currency: typeof currency === 'string' ? currencyCode(currency) : currency };
}

export function zero(currency: CurrencyCode): Money {
  return { amount: 0, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new Error(`Currency mismatch: ${a.currency} vs ${b.currency}`);
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: a.amount + b.amount, currency: a.currency };
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: a.amount - b.amount, currency: a.currency };
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compare(a: Money, b: Money): number {
  sameCurrency(a, b);
  return a.amount - b.amount;
}

export function sum(currency: CurrencyCode, amounts: readonly Money[]): Money {
  return amounts.reduce(add, zero(currency));
}
