import { type InboundNotification, type Logger, type NotificationContext, type NotificationReply, type ParsedNotification } from '@splitpay/domain';
import type { WorldlineClient } from '../client/worldline.client';
import { CHARGEBACK_EVENTS, eventFacts, namedOperation, readEvent, type WorldlineEvent } from '../mapping/webhook-event';
import { paymentProductOf } from '../mapping/worldline-payment';
import { readWorldlineSettings, WERO_PRODUCT } from '../settings/worldline.settings';
import { confirmedChargebacks } from './confirmed-chargeback';
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
    const chargeback = await confirmedChargebacks(event, settings, deps.client, deps.logger);
    if (chargeback === 'no-answer') return { kind: 'rejected', reason: 'status unavailable: the confirming status lookup got no usable answer', reply: RETRY_LATER };
    return { kind: 'accepted', facts: chargeback, reply: OK };
  }
  const grantWithoutAmount = (providerRef: string): void => deps.logger.warn('worldline.grant_without_amount', { eventType: event.type, providerRef });
  return { kind: 'accepted', facts: eventFacts(event, { payerChoosesAmount: payerChooses(event), grantWithoutAmount }), reply: OK };
}
