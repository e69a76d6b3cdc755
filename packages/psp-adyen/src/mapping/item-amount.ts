import { isCurrencyCode, type Money } from '@splitpay/domain';
import { fromAdyenAmount } from './adyen-amount';

/**
 * A notification item's `amount` as the reader takes it:
 * - `absent`: no value or no currency;
 * - `malformed`: a value that is not a whole number of minor units Adyen could write (10.5, "1000",
 *   1e21, -5), or a currency that is not a three-letter code; nothing of the item is read (D122-b);
 * - `unheld`: Adyen's minor units ISO 4217's unit cannot hold (CLP cents of a peso, D106-d);
 * - `read`: our Money.
 */
export type ItemAmount =
  | { readonly kind: 'absent' }
  | { readonly kind: 'malformed'; readonly value: unknown; readonly currency: unknown }
  | { readonly kind: 'unheld'; readonly value: number; readonly currency: string }
  | { readonly kind: 'read'; readonly money: Money };

export function itemAmountOf(amount: unknown): ItemAmount {
  if (amount === undefined || amount === null) return { kind: 'absent' };
  if (typeof amount !== 'object') return { kind: 'malformed', value: amount, currency: undefined };
  const { value, currency } = amount as { value?: unknown; currency?: unknown };
  if (value === undefined || value === null || currency === undefined || currency === null) return { kind: 'absent' };
  // money() throws on anything but a safe integer, and currencyCode on anything but three capitals.
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || typeof currency !== 'string' || !isCurrencyCode(currency)) return { kind: 'malformed', value, currency };
  const money = fromAdyenAmount(value, currency);
  return money ? { kind: 'read', money } : { kind: 'unheld', value, currency };
}
