import { randomUUID } from 'node:crypto';
import type { InboundNotification, OperationRef } from '@splitpay/domain';
import { signedString } from '../webhook/transmission-signature';
import { SETTINGS, WEBHOOK_ID } from './paypal.fixtures';
import type { SigningPair } from './signing-certificate';

export const CERT_HOST = 'https://api.sandbox.paypal.com';
export const CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';

/** A webhook delivery of `event`, signed as PayPal signs (or as a forger would, with another pair or URL). */
export function delivery(event: unknown, pair: SigningPair, options: { certUrl?: string; webhookId?: string; rawBody?: string } = {}): InboundNotification {
  const signedBody = JSON.stringify(event);
  const id = randomUUID();
  const time = new Date().toISOString();
  return {
    headers: {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': pair.sign(signedString({ id, time }, options.webhookId ?? WEBHOOK_ID, signedBody)),
      'paypal-cert-url': options.certUrl ?? `${CERT_HOST}${CERT_PATH}`,
      'paypal-auth-algo': 'SHA256withRSA',
      'content-type': 'application/json',
    },
    rawBody: options.rawBody ?? signedBody,
    query: {},
  };
}

/** The service's side: the test contract serves the operations named in `known`, by our id or PayPal's. */
export function contextKnowing(known: readonly string[]) {
  const asked: OperationRef[] = [];
  return {
    asked,
    settingsFor: async (ref: OperationRef) => {
      asked.push(ref);
      return (ref.transactionId && known.includes(ref.transactionId)) || (ref.providerRef && known.includes(ref.providerRef)) ? SETTINGS : undefined;
    },
  };
}

/** A PayPal event envelope. */
export function event(eventType: string, resourceType: string, resource: Record<string, unknown>) {
  return {
    id: `WH-${randomUUID()}`,
    event_version: '1.0',
    create_time: '2026-11-23T11:00:00.000Z',
    resource_type: resourceType,
    event_type: eventType,
    summary: eventType,
    resource,
    links: [],
  };
}
