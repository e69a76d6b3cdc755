import type { SessionJson } from '../api/api-types';
import { replayReach } from '../notification/replay-reach';
import { replayedBy, type Replayed } from '../notification/replayed';
import { markBusy } from './busy-button';
import type { ChargebacksAnswer } from './chargebacks.view';
import { facts, h } from './dom';
import { FOCUS_KEY } from './focus-place';
import { refusalWords, type ViewContext } from './view-context';

/**
 * A payment's ending notification: where it goes, how its delivery stands, and the replay button
 * worded by what the door will send again (D129-e, D148). `onReplayed` runs once the door took it,
 * with what it sent again (D148-d).
 */
export function notificationSection(ctx: ViewContext, session: SessionJson, chargebacks: ChargebacksAnswer, onReplayed: (replayed: Replayed) => void): HTMLElement {
  const { t } = ctx.tr;
  const notification = session.notification;
  const out = h('section', { class: 'notification', 'aria-labelledby': 'notification-title' }, h('h2', { id: 'notification-title', tabindex: '-1' }, t.notification));
  if (!notification) {
    out.append(h('p', {}, t.noNotification));
    return out;
  }
  const state = notification.abandoned
    ? t.notificationAbandoned(notification.failures)
    : notification.deliveredAt !== undefined
      ? t.notificationDelivered(ctx.tr.dateTime(notification.deliveredAt))
      : t.notificationOwed(notification.failures);
  out.append(facts([[t.notificationUrl, h('code', {}, notification.url)], [t.status, h('span', { class: notification.abandoned ? 'status status-abandoned' : 'status' }, state)]]));
  if (notification.abandoned || notification.deliveredAt !== undefined) {
    const error = h('p', { class: 'error', role: 'alert' });
    // Worded by what the door will send again: the ending, its abandoned chargebacks, or both (D148).
    const shownChargebacks = chargebacks.ok ? chargebacks.body.chargebacks : [];
    const reach = replayReach(notification, shownChargebacks);
    const count = reach.kind === 'ending' ? 0 : reach.count;
    const replay = h('button', { type: 'button', [FOCUS_KEY]: 'replay-notification' }, t.replay[reach.kind](count));
    replay.addEventListener('click', () => {
      if (replay.disabled) return;
      markBusy(replay, true);
      void ctx.api.replayNotification(session.sessionId).then((answer) => {
        markBusy(replay, false);
        if (answer.ok) {
          ctx.announce(t.replayed[reach.kind](count));
          onReplayed(replayedBy(notification, shownChargebacks));
        } else {
          error.textContent = refusalWords(ctx, answer.code);
          replay.focus();
        }
      });
    });
    out.append(replay, error);
  }
  return out;
}
