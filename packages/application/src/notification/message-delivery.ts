import {
  isDeliveryOwed,
  recordDeliveryOutcome,
  type Clock,
  type Delivery,
  type DeliveryOutcome,
  type Logger,
  type MerchantAccount,
  type MerchantAccountRepository,
  type MerchantId,
  type Metrics,
  type SecretSealer,
  type WebhookMessage,
  type WebhookSender,
} from '@splitpay/domain';

/** The two messages the service sends (the contract's Events). */
export type MessageEvent = 'session-ended' | 'chargeback';

/** What one delivery try needs: the account's secrets, the sender, time and the calendar, the alert channels. */
export interface MessageDeliveryDeps {
  readonly merchants: MerchantAccountRepository;
  readonly sealer: SecretSealer;
  readonly sender: WebhookSender;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /** The retry calendar (policy.webhookRetryDelaysMs): t+1 s, t+1 min, t+5 min. */
  readonly retryDelaysMs: readonly number[];
}

/** One delivery try: the delivery state it was made from, what came of it, when, and the state to record. */
export interface DeliveryTry {
  readonly sent: Delivery;
  readonly outcome: DeliveryOutcome;
  readonly at: number;
  readonly next: Delivery;
}

/** Counter bumped when a calendar is spent; the operator alert of docs/decisions.md D16. */
export const NOTIFICATION_ABANDONED_METRIC = 'notification_abandoned_total';
export const NOTIFICATION_DELIVERED_METRIC = 'notification_delivered_total';
export const NOTIFICATION_FAILED_METRIC = 'notification_delivery_failures_total';

type Credentials = Pick<WebhookMessage, 'authorization' | 'signingSecret'>;

/** The account's webhook secrets, opened only for the time of one send; a failure reason otherwise. */
function credentialsOf(account: MerchantAccount | null, deps: MessageDeliveryDeps): Credentials | string {
  if (!account) return 'merchant account not found';
  try {
    return {
      ...(account.webhookAuthorizationSealed !== undefined ? { authorization: deps.sealer.open(account.webhookAuthorizationSealed) } : {}),
      signingSecret: deps.sealer.open(account.webhookSigningSecretSealed),
    };
  } catch {
    return 'webhook secrets of the account cannot be opened';
  }
}

/**
 * Makes one delivery try of an owed message and computes the state to record with the calendar.
 * Delivery failures are values; only a store fault (reading the account) throws. When the try spends
 * the calendar, the operator is told at once: an error line `notification.abandoned` with the
 * notificationId, and the `notification_abandoned_total` counter. `account`: how the caller reads the
 * merchant account, when it already holds it for the same turn.
 */
export async function tryDelivery(
  delivery: Delivery,
  merchantId: MerchantId,
  event: MessageEvent,
  deps: MessageDeliveryDeps,
  account: () => Promise<MerchantAccount | null> = () => deps.merchants.findById(merchantId),
): Promise<DeliveryTry> {
  const credentials = credentialsOf(await account(), deps);
  let outcome: DeliveryOutcome;
  if (typeof credentials === 'string') {
    outcome = { received: false, reason: credentials };
  } else {
    try {
      outcome = await deps.sender.send({ url: delivery.url, notificationId: delivery.notificationId, payload: delivery.payload, ...credentials });
    } catch {
      outcome = { received: false, reason: 'sender failed' };
    }
  }
  const at = deps.clock.now();
  const next = recordDeliveryOutcome(delivery, outcome, at, deps.retryDelaysMs);
  report(event, merchantId, outcome, next, deps);
  return { sent: delivery, outcome, at, next };
}

function report(event: MessageEvent, merchantId: MerchantId, outcome: DeliveryOutcome, next: Delivery, deps: MessageDeliveryDeps): void {
  const fields = { notificationId: next.notificationId, merchantId, messageEvent: event, failures: next.failures };
  if (outcome.received) {
    deps.metrics.increment(NOTIFICATION_DELIVERED_METRIC, { event });
    deps.logger.info('notification.delivered', fields);
    return;
  }
  deps.metrics.increment(NOTIFICATION_FAILED_METRIC, { event });
  const failure = { ...fields, reason: outcome.reason, ...(outcome.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {}) };
  if (next.abandoned) {
    deps.metrics.increment(NOTIFICATION_ABANDONED_METRIC, { event });
    deps.logger.error('notification.abandoned', failure);
    return;
  }
  deps.logger.warn('notification.failed', { ...failure, nextAttemptAt: next.nextAttemptAt });
}

/**
 * Whether `current` is still the delivery state a try was made from: the same message, still owed,
 * with no outcome recorded since. `nextAttemptAt` is not compared: a session that ended in the same
 * worker turn is re-derived when the turn is re-applied, with its own instant.
 */
export function isSameTry(current: Delivery, sent: Delivery): boolean {
  return current.notificationId === sent.notificationId && current.failures === sent.failures && isDeliveryOwed(current);
}
