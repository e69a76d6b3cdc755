import type { ChargebackJson, NotificationJson } from '../api/api-types';
import { replayReach } from './replay-reach';

/** What the page's replay button sent again (D148-d): the ending or not, and which chargeback messages. */
export interface Replayed {
  readonly ending: boolean;
  readonly chargebackIds: readonly string[];
}

type Delivery = Pick<ChargebackJson, 'notificationId' | 'delivery'>;

/** What a press re-arms, from the facts the button was worded by: the chargebacks abandoned then, the ending unless the door leaves it out. */
export function replayedBy(notification: NotificationJson, chargebacks: readonly Delivery[]): Replayed {
  return {
    ending: replayReach(notification, chargebacks).kind !== 'chargebacks',
    chargebackIds: chargebacks.filter((cb) => cb.delivery === 'abandoned').map((cb) => cb.notificationId),
  };
}

/** Two presses whose messages may both still be on their way. */
export function replayedTogether(earlier: Replayed | undefined, later: Replayed): Replayed {
  if (earlier === undefined) return later;
  return { ending: earlier.ending || later.ending, chargebackIds: [...earlier.chargebackIds, ...later.chargebackIds] };
}

/** Whether a message the replay sent again is still owed; one it never sent keeps nothing waiting. */
export function replayOwed(replayed: Replayed, notification: NotificationJson | undefined, chargebacks: readonly Delivery[]): boolean {
  const endingOwed = replayed.ending && notification !== undefined && !notification.abandoned && notification.deliveredAt === undefined;
  return endingOwed || chargebacks.some((cb) => cb.delivery === 'trying' && replayed.chargebackIds.includes(cb.notificationId));
}
