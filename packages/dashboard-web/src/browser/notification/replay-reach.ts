import type { ChargebackJson, NotificationJson } from '../api/api-types';

/**
 * What the session's replay door will send again (D145-b): a chargeback message is re-sent only when
 * its calendar is spent; with the ending delivered and such a chargeback, the ending is not sent again.
 */
export type ReplayReach = { readonly kind: 'ending' } | { readonly kind: 'chargebacks' | 'both'; readonly count: number };

export function replayReach(notification: NotificationJson, chargebacks: readonly Pick<ChargebackJson, 'delivery'>[]): ReplayReach {
  const count = chargebacks.filter((cb) => cb.delivery === 'abandoned').length;
  if (count === 0) return { kind: 'ending' };
  return { kind: notification.deliveredAt !== undefined ? 'chargebacks' : 'both', count };
}
