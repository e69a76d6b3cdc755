import { money, type Money } from '@splitpay/domain';

/** Oney speaks decimals in major units; our amounts are cents (EUR and RON both have two decimals). */
export const toMajor = (amount: Money): number => Math.round(amount.amount) / 100;

export const fromMajor = (value: number, currency: string): Money => money(Math.round(value * 100), currency);
