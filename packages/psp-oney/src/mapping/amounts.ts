import { minorUnitsOf, money, type Money } from '@splitpay/domain';

/** Oney speaks decimals in major units; our amounts are in the currency's ISO 4217 minor units. */
const unitOf = (currency: string): number => 10 ** minorUnitsOf(currency);

export const toMajor = (amount: Money): number => Math.round(amount.amount) / unitOf(amount.currency);

export const fromMajor = (value: number, currency: string): Money => money(Math.round(value * unitOf(currency)), currency);
