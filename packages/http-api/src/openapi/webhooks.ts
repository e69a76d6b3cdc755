import { chargebackRaised, sessionEndedPaid } from './examples/webhook.examples';
import { renderOperation, type OperationSpec, type ParameterSpec } from './operation';
import type { ComponentCollector } from './schema-refs';
import { chargebackEventSchema, sessionEndedEventSchema } from './webhook-payload.schema';

const DELIVERY =
  'POST, application/json, to the address the merchant declared. Authorization carries the account\'s pre-agreed value verbatim (compare the whole string in constant time); ' +
  'webhook-id (the notificationId), webhook-timestamp and webhook-signature sign the body with the account\'s signing key (Standard Webhooks). ' +
  'Only 200 with the text/plain body OK acknowledges; anything else is retried at t+1 s, t+1 min, t+5 min, with the same notificationId. Switch on event and ignore unknown fields.';

/** The headers of every delivery, as the webhooks package README states them. */
const DELIVERY_HEADERS: readonly ParameterSpec[] = [
  {
    name: 'authorization',
    in: 'header',
    required: true,
    description:
      "The account's pre-agreed value verbatim, scheme included (the merchants file requires one). Compare the whole string with the agreed value in constant time, normalizing neither side. A bearer secret: it proves the sender, nothing about the body.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The message's notificationId: the same on every retry and replay. Key your work on it (a message may arrive more than once), never on orderId.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this try (Standard Webhooks). Refuse a timestamp more than five minutes away from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "v1,<base64 HMAC-SHA256> over <webhook-id>.<webhook-timestamp>.<raw body> with the account's signing secret (Standard Webhooks). Verify it on the raw body before parsing.",
    schema: { type: 'string' },
  },
  {
    name: 'user-agent',
    in: 'header',
    required: true,
    description: 'splitpay-webhooks/1 on every delivery: the sender and the version of this delivery format. It proves nothing (anyone can send it): authorize by the authorization header and the signature.',
    schema: { type: 'string', const: 'splitpay-webhooks/1' },
  },
];

const acknowledged = { '200': { description: 'Acknowledged: the body OK in text/plain', contentType: 'text/plain', schema: { type: 'string', const: 'OK' } } };

const WEBHOOKS: Readonly<Record<string, OperationSpec>> = {
  'session-ended': {
    operationId: 'sessionEndedWebhook',
    summary: 'A session ended (PAID, ABORTED, EXPIRED, AWAITED_REFUSED)',
    description: `Sent once per ending, to the session's notificationUrl or else the account's address; nothing is sent without one. ${DELIVERY}`,
    tags: ['Webhooks'],
    security: 'none',
    parameters: DELIVERY_HEADERS,
    requestBody: { contentType: 'application/json', schema: sessionEndedEventSchema, examples: sessionEndedPaid },
    responses: acknowledged,
  },
  chargeback: {
    operationId: 'chargebackWebhook',
    summary: 'A PSP raised a dispute (or settled it in the merchant\'s favour)',
    description: `Sent only when the account declares a chargeback address; the same dispute resent by the PSP gives no second message. Never changes the session. ${DELIVERY}`,
    tags: ['Webhooks'],
    security: 'none',
    parameters: DELIVERY_HEADERS,
    requestBody: { contentType: 'application/json', schema: chargebackEventSchema, examples: chargebackRaised },
    responses: acknowledged,
  },
};

/** The OpenAPI 3.1 `webhooks` of the document: the calls the service makes to the merchant server. */
export function renderWebhooks(components: ComponentCollector): Record<string, { post: Record<string, unknown> }> {
  return Object.fromEntries(Object.entries(WEBHOOKS).map(([name, op]) => [name, { post: renderOperation(op, components) }]));
}
