import { isDeliveryDue, recordDeliveryOutcome, type DomainContext, type MerchantAccount, type Session } from '@splitpay/domain';
import type { SessionCommand } from '../session-writer';
import { isSameTry, tryDelivery, type MessageDeliveryDeps } from './message-delivery';

/** What recording a delivery try did to the session. `stale`: the session moved on meanwhile, nothing recorded. */
export interface DeliveryReport {
  readonly notificationId: string;
  readonly result: 'received' | 'failed' | 'abandoned' | 'stale';
}

/**
 * The session-ended delivery step the session worker runs on a session it holds the lease of.
 * See docs/architecture.md "Webhook delivery step".
 */
export class SessionEndedDelivery {
  constructor(private readonly deps: MessageDeliveryDeps) {}

  /** Whether the session's ended message is owed and due now. */
  isDue(session: Session, now = this.deps.clock.now()): boolean {
    const delivery = session.notification?.delivery;
    return delivery !== undefined && isDeliveryDue(delivery, now);
  }

  /**
   * Sends the session's owed session-ended message when it is due, and returns the pure command that
   * records the outcome (for `SessionWriter.update`, with the worker's `leaseOwner`); `undefined`
   * when nothing was due, and nothing was sent. Never throws for a delivery failure. `account`: how
   * the caller reads the session's merchant account when it already holds it (the worker's turn).
   */
  async deliverDue(session: Session, account?: () => Promise<MerchantAccount | null>): Promise<SessionCommand<DeliveryReport> | undefined> {
    const delivery = session.notification?.delivery;
    if (!delivery || !isDeliveryDue(delivery, this.deps.clock.now())) return undefined;
    const attempt = await tryDelivery(delivery, session.merchantId, 'session-ended', this.deps, account);
    const result: DeliveryReport['result'] = attempt.outcome.received ? 'received' : attempt.next.abandoned ? 'abandoned' : 'failed';
    const delays = this.deps.retryDelaysMs;

    return (current: Session, _ctx: DomainContext) => {
      const notification = current.notification;
      const latest = notification?.delivery;
      if (!notification || !latest || !isSameTry(latest, attempt.sent)) {
        return { session: current, result: { notificationId: delivery.notificationId, result: 'stale' } };
      }
      const next = recordDeliveryOutcome(latest, attempt.outcome, attempt.at, delays);
      return { session: { ...current, notification: { ...notification, delivery: next } }, result: { notificationId: delivery.notificationId, result } };
    };
  }
}
