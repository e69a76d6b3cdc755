import {
  buildSessionEndedPayload,
  DomainError,
  isDeliveryOwed,
  isTerminalSessionStatus,
  openDelivery,
  rearm,
  refuse,
  sessionEndedNotificationId,
  type Logger,
  type MerchantId,
  type SessionId,
  type SessionRepository,
} from '@splitpay/domain';
import type { SessionWriter } from '../session-writer';

/** The 202 answer of POST /api/sessions/{id}/notification: the notification state as it stood when asked. */
export interface ReplayAnswer {
  readonly url: string;
  readonly failures: number;
  readonly abandoned: boolean;
}

export interface ReplayNotificationDeps {
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  readonly logger: Logger;
}

/**
 * Re-arms the whole session-ended calendar with the same notificationId (the contract's Delivery
 * rule 5). Refusals, in this order: NotFound (unknown or another merchant's), SessionNotEnded,
 * NoNotificationUrl, NotificationNotAbandoned (the calendar still runs). A delivered message is
 * replayable, and so is an abandoned one; with `onlyIfAbandoned` (the ops command's walk over
 * abandoned messages, D113-a) a delivered one is refused NotificationNotAbandoned too, checked in the
 * write itself so that one replayed and delivered since it was listed is not sent again.
 */
export class ReplaySessionNotification {
  constructor(private readonly deps: ReplayNotificationDeps) {}

  async execute(input: { readonly merchantId: MerchantId; readonly sessionId: SessionId; readonly onlyIfAbandoned?: boolean }): Promise<ReplayAnswer> {
    const session = await this.deps.sessions.findById(input.sessionId);
    if (!session || session.merchantId !== input.merchantId) throw new DomainError('NotFound', 'Session not found');

    const { result } = await this.deps.writer.update(
      input.sessionId,
      (current, ctx) => {
        if (!isTerminalSessionStatus(current.status)) refuse('SessionNotEnded', 'The session has not ended yet');
        const notification = current.notification;
        if (!notification) refuse('NoNotificationUrl', 'The session declared no notification address');
        const delivery = notification.delivery;
        if (delivery && isDeliveryOwed(delivery)) refuse('NotificationNotAbandoned', 'The delivery calendar is still running');
        if (input.onlyIfAbandoned && !delivery?.abandoned) refuse('NotificationNotAbandoned', 'The delivery is no longer abandoned: delivered or replayed meanwhile');
        const asked: ReplayAnswer = { url: notification.url, failures: delivery?.failures ?? 0, abandoned: delivery?.abandoned ?? false };
        const next = delivery
          ? rearm(delivery, ctx.now)
          : openDelivery({ url: notification.url, notificationId: sessionEndedNotificationId(current), payload: buildSessionEndedPayload(current) }, ctx.now);
        return { session: { ...current, notification: { ...notification, delivery: next } }, result: { asked, notificationId: next.notificationId } };
      },
      { initial: session },
    );
    this.deps.logger.info('notification.replayed', { notificationId: result.notificationId, merchantId: input.merchantId });
    return result.asked;
  }
}
