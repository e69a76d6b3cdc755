import { str } from '../client/adyen-ack';
import { disputeTypeOf, type NotificationItem } from './event-code';
import { itemAmountOf } from './item-amount';

/** Counter of authenticated Adyen items that gave no fact for want of a readable amount, by reason (D122). */
export const ADYEN_AMOUNT_UNREADABLE_METRIC = 'adyen_notification_amount_unreadable_total';

/**
 * Why: `missing` (a successful AUTHORISATION or a dispute without amount), `malformed` (any item whose
 * amount is not a whole number of minor units in a three-letter currency), `iso-minor-unit` (a
 * successful AUTHORISATION or a dispute whose amount ISO 4217's unit cannot hold, D112-c, D125-c).
 */
export const ADYEN_AMOUNT_UNREADABLE_REASONS = ['missing', 'malformed', 'iso-minor-unit'] as const;
export type AmountUnreadableReason = (typeof ADYEN_AMOUNT_UNREADABLE_REASONS)[number];

export interface UnreadableAmount {
  readonly reason: AmountUnreadableReason;
  readonly value?: unknown;
  readonly currency?: unknown;
}

/** A grant and a dispute (chargeback or representment) are the facts that carry the item's amount. */
function readsAmount(item: NotificationItem): boolean {
  return (str(item.eventCode) === 'AUTHORISATION' && item.success === 'true') || disputeTypeOf(item.eventCode) !== undefined;
}

/**
 * The reason an authenticated item is refused for its amount, or undefined when its amount stops
 * nothing. A malformed amount refuses any item (what else it says is not trusted either); a missing
 * or unheld one only a grant or a dispute, the facts that need it (a decline or a capture does not read it).
 */
export function unreadableAmountOf(item: NotificationItem): UnreadableAmount | undefined {
  const amount = itemAmountOf(item.amount);
  if (amount.kind === 'malformed') return { reason: 'malformed', value: amount.value, currency: amount.currency };
  if (!readsAmount(item)) return undefined;
  if (amount.kind === 'absent') return { reason: 'missing' };
  if (amount.kind === 'unheld') return { reason: 'iso-minor-unit', value: amount.value, currency: amount.currency };
  return undefined;
}
