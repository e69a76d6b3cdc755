import { type InboundNotification, type Logger, type NotificationContext, type NotificationReply, type ParsedNotification, type PspFact } from '@splitpay/domain';
import type { WorldlineClient } from '../client/worldline.client';
import { chargebackDay } from '../mapping/chargeback-date';
import { unnamedHostedOpening } from '../mapping/follow-up-ref';
import { takenAmount } from '../mapping/taken-amount';
import { CHARGEBACK_EVENTS, CHARGEBACK_STATUSES, eventFacts, namedOperation, readEvent, type WorldlineEvent } from '../mapping/webhook-event';
import { openingId, openingRef, paymentProductOf, readPayment } from '../mapping/worldline-payment';
import { readWorldlineSettings, WERO_PRODUCT, type WorldlineSettings } from '../settings/worldline.settings';
import { webhookKeyVerdict } from './webhook-signature';

const OK: NotificationReply = { status: 200, contentType: 'text/plain', body: 'OK' };
const refuse = (reason: string): ParsedNotification => ({ kind: 'rejected', reason, reply: { status: 401, contentType: 'text/plain', body: 'rejected' } });
/** Any answer but a 2xx makes Worldline deliver the event again. */
const RETRY_LATER: NotificationReply = { status: 503, contentType: 'text/plain', body: 'retry later' };

const header = (n: InboundNotification, name: string): string | undefined => {
  const found = Object.entries(n.headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
};

/**
 * Whether a collected amount below the one asked is the payer's choice (ANCV vouchers). The webhook
 * does not say our method, its product may: only Wero (900) is known to collect all or nothing, so a
 * lower collected amount of any other or unnamed product is granted as collected, never more.
 */
const payerChooses = (event: WorldlineEvent): boolean => (event.payment ? paymentProductOf(event.payment) : undefined) !== WERO_PRODUCT;

export interface WorldlineNotificationDeps {
  readonly client: WorldlineClient;
  readonly logger: Logger;
}

/**
 * Lookup answers that say nothing of the payment but will change: throttling, and our own API key
 * refused (rotated or wrong; the event's signature already proved it genuine). Like no answer, they
 * must not be acknowledged, or Worldline never delivers the event again.
 */
const ANSWERED_LATER = [401, 403, 429];

/**
 * A Worldline Direct webhook: the contract serving the operation it names holds the webhook key, so
 * the body is read for that reference only, then the signature (X-GCS-Signature under X-GCS-KeyId) is
 * verified before anything of it is believed. A chargeback event is confirmed by a status lookup.
 */
export async function parseWorldlineNotification(notification: InboundNotification, context: NotificationContext | undefined, deps: WorldlineNotificationDeps): Promise<ParsedNotification> {
  const signature = header(notification, 'x-gcs-signature');
  const keyId = header(notification, 'x-gcs-keyid');
  if (!signature || !keyId) return refuse('unsigned: no X-GCS-Signature or X-GCS-KeyId');
  let parsed: unknown;
  try {
    parsed = JSON.parse(notification.rawBody);
  } catch {
    return refuse('unreadable: the body is not JSON');
  }
  const unverified = readEvent(parsed);
  const named = unverified ? namedOperation(unverified) : undefined;
  if (!unverified || !named) return refuse('unreadable: no payment or refund in the event');
  const raw = await context?.settingsFor(named);
  const settings = raw ? readWorldlineSettings(raw) : undefined;
  if (!settings || 'missing' in settings) return refuse('unknown operation: no Worldline contract serves it');
  const verdict = webhookKeyVerdict(settings.webhookKeys, keyId, notification.rawBody, signature);
  if (verdict === 'unknown-key') return refuse('forged: unknown X-GCS-KeyId');
  if (verdict === 'not-signed-by-key') return refuse('forged: X-GCS-Signature does not match the body');
  const event = unverified;
  if (CHARGEBACK_EVENTS.includes(event.type)) {
    const chargeback = await confirmedChargeback(event, settings, deps);
    if (chargeback === 'no-answer') return { kind: 'rejected', reason: 'status unavailable: the confirming status lookup got no usable answer', reply: RETRY_LATER };
    return { kind: 'accepted', facts: chargeback, reply: OK };
  }
  const grantWithoutAmount = (providerRef: string): void => deps.logger.warn('worldline.grant_without_amount', { eventType: event.type, providerRef });
  return { kind: 'accepted', facts: eventFacts(event, { payerChoosesAmount: payerChooses(event), grantWithoutAmount }), reply: OK };
}

/**
 * A chargeback only once Worldline's status of the payment says so. `no-answer` when the lookup got
 * none worth keeping (no HTTP answer, a 5xx, a 429, a 401 or 403): the event must not be acknowledged,
 * so that Worldline delivers it again. Nothing for any other answer (a status that is not a chargeback,
 * a 404): the event is acknowledged and not delivered again; only a later event of that payment (its
 * CHARGEBACKED after a CHARGEBACK_NOTIFICATION) is looked up again.
 */
async function confirmedChargeback(event: WorldlineEvent, settings: WorldlineSettings, deps: WorldlineNotificationDeps): Promise<PspFact[] | 'no-answer'> {
  const payment = event.payment;
  if (!payment) return [];
  const paymentId = openingId(payment.id);
  const result = await deps.client.get(settings, `/payments/${encodeURIComponent(paymentId)}`);
  if (result.kind !== 'answer' || result.status >= 500 || ANSWERED_LATER.includes(result.status)) return 'no-answer';
  // The status only: an error body may quote the payment.
  if (result.status !== 200) deps.logger.warn('worldline.chargeback_lookup_refused', { status: result.status });
  const status = result.status === 200 ? readPayment(result.body) : undefined;
  if (!status || !CHARGEBACK_STATUSES.includes(status.status)) return [];
  // What the payment took (a partial ANCV payment's collected part), as the status says, else the event.
  const amount = takenAmount(status) ?? takenAmount(payment);
  if (!amount) return [];
  // The day it is read only when Worldline wrote no date at all: then a delivery on another day is a second chargeback (D77).
  const written = chargebackDay(event, status);
  const date = written?.day ?? new Date().toISOString().slice(0, 10);
  // Named as our opening recorded it: a hosted checkout's payment under the hosted checkout's id; when
  // neither the event nor the status names it, by our opening's transaction id (its merchantReference).
  const hosted = [status, payment].map(openingRef).find((ref) => ref !== paymentId);
  const ours = hosted ? undefined : (unnamedHostedOpening(status) ?? unnamedHostedOpening(payment));
  if (written === undefined) deps.logger.warn('psp.chargeback_dated_on_reading', { provider: 'worldline', providerRef: hosted ?? paymentId, date });
  // Dated by one event alone: another event of the same dispute, created on another day, is a second chargeback (D124).
  if (written?.by === 'event') deps.logger.warn('worldline.chargeback_dated_by_event', { providerRef: hosted ?? paymentId, date });
  return [{ kind: 'chargeback', providerRef: hosted ?? paymentId, ...(ours ? { transactionId: ours } : {}), type: 'chargeback', amount, status: status.status, date }];
}
