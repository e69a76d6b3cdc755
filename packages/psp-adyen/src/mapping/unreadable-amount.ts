import { str } from '../client/adyen-ack';
import type { NotificationItem } from './event-code';
import { itemAmountOf } from './item-amount';

/** Counter of authenticated Adyen items that gave no fact for want of a readable amount, by reason (D122). */
export const ADYEN_AMOUNT_UNREADABLE_METRIC = 'adyen_notification_amount_unreadable_total';

/**
 * Why: `missing` (a successful AUTHORISATION without amount), `malformed` (any item whose amount is
 * not a whole number of minor units in a three-letter currency), `iso-minor-unit` (a successful
 * AUTHORISATION whose amount ISO 4217's unit cannot hold, D112-c).
 */
export const ADYEN_AMOUNT_UNREADABLE_REASONS = ['missing', 'malformed', 'iso-minor-unit'] as const;
export type AmountUnreadableReason = (typeof ADYEN_AMOUNT_UNREADABLE_REASONS)[number];

export interface UnreadableAmount {
  readonly reason: AmountUnreadableReason;
  readonly value?: unknown;
  readonly currency?: unknown;
}

/**
 * The reason an authenticated item is refused for its amount, or undefined when its amount stops
 * nothing. A malformed amount refuses any item (what else it says is not trusted either); a missing
 * or unheld one only a grant, the one fact that needs it (a decline or a capture does not read it).
 */
export function unreadableAmountOf(item: NotificationItem): UnreadableAmount | undefined {
  const amount = itemAmountOf(item.amount);
  if (amount.kind === 'malformed') return { reason: 'malformed', value: amount.value, currency: amount.currency };
  if (str(item.eventCode) !== 'AUTHORISATION' || item.success !== 'true') return undefined;
  if (amount.kind === 'absent') return { reason: 'missing' };
  if (amount.kind === 'unheld') return { reason: 'iso-minor-unit', value: amount.value, currency: amount.currency };
  return undefined;
}
