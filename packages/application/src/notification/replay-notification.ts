import {
  buildSessionEndedPayload,
  DomainError,
  isDeliveryOwed,
  isTerminalSessionStatus,
  openDelivery,
  rearm,
  refuse,
  sessionEndedNotificationId,
  type Chargeback,
  type ChargebackRepository,
  type Logger,
  type MerchantId,
  type Session,
  type SessionId,
  type SessionRepository,
} from '@splitpay/domain';
import type { ReplayChargebackNotification } from '../chargeback/replay-chargeback';
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
  /** The session's chargeback messages, re-armed by the same door when abandoned (D145-b); absent: the ending only (the ops walk). */
  readonly chargebacks?: { readonly repository: ChargebackRepository; readonly replay: ReplayChargebackNotification };
}

/**
 * Re-arms the whole session-ended calendar with the same notificationId (the contract's Delivery
 * rule 5). Refusals, in this order: NotFound (unknown or another merchant's), SessionNotEnded,
 * NoNotificationUrl, NotificationNotAbandoned (the calendar still runs). A delivered message is
 * replayable, and so is an abandoned one; with `onlyIfAbandoned` (the ops command's walk over
 * abandoned messages, D113-a) a delivered one is refused NotificationNotAbandoned too, checked in the
 * write itself so that one replayed and delivered since it was listed is not sent again.
 *
 * Delivery rule 5 holds for both messages, so the door also re-arms each of the session's abandoned
 * chargeback messages, each with its own unchanged notificationId (D145-b). When the ending was
 * delivered and a chargeback message is abandoned, the chargeback is what is replayed: the
 * acknowledged ending is not sent again (the answer still describes the ending, as the contract
 * says). The ending's refusals stand as they are: a session with no ending address, or whose ending
 * calendar still runs, re-arms nothing.
 */
export class ReplaySessionNotification {
  constructor(private readonly deps: ReplayNotificationDeps) {}

  async execute(input: { readonly merchantId: MerchantId; readonly sessionId: SessionId; readonly onlyIfAbandoned?: boolean }): Promise<ReplayAnswer> {
    const session = await this.deps.sessions.findById(input.sessionId);
    if (!session || session.merchantId !== input.merchantId) throw new DomainError('NotFound', 'Session not found');

    const chargebacks = input.onlyIfAbandoned ? [] : await this.abandonedChargebacks(input.merchantId, input.sessionId);
    const ending = session.notification?.delivery;
    if (chargebacks.length > 0 && isTerminalSessionStatus(session.status) && ending?.deliveredAt !== undefined) {
      await this.rearmChargebacks(input.merchantId, chargebacks);
      return { url: session.notification!.url, failures: ending.failures, abandoned: false };
    }
    const asked = await this.rearmEnding(input, session);
    await this.rearmChargebacks(input.merchantId, chargebacks);
    return asked;
  }

  private async abandonedChargebacks(merchantId: MerchantId, sessionId: SessionId): Promise<readonly Chargeback[]> {
    if (!this.deps.chargebacks) return [];
    return (await this.deps.chargebacks.repository.listForSession(merchantId, sessionId)).filter((chargeback) => chargeback.delivery?.abandoned === true);
  }

  /** Each still abandoned when its turn comes; one replayed or delivered meanwhile is left as it is. */
  private async rearmChargebacks(merchantId: MerchantId, chargebacks: readonly Chargeback[]): Promise<void> {
    for (const chargeback of chargebacks) {
      try {
        await this.deps.chargebacks!.replay.execute({ merchantId, notificationId: chargeback.notificationId, onlyIfAbandoned: true });
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'NotificationNotAbandoned')) throw error;
      }
    }
  }

  private async rearmEnding(input: { readonly merchantId: MerchantId; readonly sessionId: SessionId; readonly onlyIfAbandoned?: boolean }, session: Session): Promise<ReplayAnswer> {
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
