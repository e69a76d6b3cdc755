import { ATTEMPT_STATUSES, isTerminalSessionStatus, METHOD_KINDS, SESSION_STATUSES, TRANSACTION_TYPES, VERDICT_KINDS } from '@splitpay/domain';
import { moneySchema, uuidSchema } from '../schemas/common.schema';
import { named } from '../schemas/json-schema';
import { termsSchema } from '../schemas/order.schema';
import { chargebackSchema, DECLINE_CATEGORIES } from '../schemas/resource.schema';

/**
 * The bodies of the outgoing calls (packages/domain/src/notification). No additionalProperties:
 * payloads may gain fields without notice and receivers ignore the ones they do not know.
 */

// Only endings are announced (buildSessionEndedPayload refuses any other status).
const ENDINGS = SESSION_STATUSES.filter(isTerminalSessionStatus);

const operationSchema = named('SessionEndedOperation', {
  type: 'object',
  required: ['type', 'status', 'amount'],
  properties: {
    type: { type: 'string', enum: TRANSACTION_TYPES },
    status: { type: 'string', enum: VERDICT_KINDS, description: 'the verdict kind' },
    amount: moneySchema,
    providerRef: { type: 'string', description: 'the PSP reference, in the provider\'s dashboard' },
    statusCode: { type: 'string', description: 'absent when the PSP gives none' },
    statusMessage: { type: 'string', description: 'a failure the service made carries only this' },
  },
});

const endedAttemptSchema = named('SessionEndedAttempt', {
  type: 'object',
  required: ['attemptId', 'method', 'methodId', 'provider', 'status', 'requested', 'granted', 'operations'],
  properties: {
    attemptId: uuidSchema,
    method: { type: 'string', enum: METHOD_KINDS },
    methodId: { type: 'string' },
    cardScheme: { type: 'string', description: 'the network the payment ran on; absent when none could be placed' },
    provider: { type: 'string', description: "whose dashboard the providerRefs live in" },
    status: { type: 'string', enum: ATTEMPT_STATUSES, description: 'whether the tranche went through (not the presence of a capture)' },
    requested: moneySchema,
    granted: moneySchema,
    cardAlias: { type: 'string', description: 'the card registration, when the order asked for one' },
    declineCategory: {
      type: 'string',
      enum: DECLINE_CATEGORIES,
      description: "why the tranche took nothing, when readable: a DECLINED attempt's refusal, or method-unavailable on a card grant refused and voided because its network is not one the card entry's schemes list",
    },
    operations: { type: 'array', items: operationSchema, description: 'oldest first; their number and types depend on method and PSP' },
  },
});

export const sessionEndedEventSchema = named('SessionEndedEvent', {
  type: 'object',
  required: ['event', 'notificationId', 'sessionId', 'orderId', 'status', 'total', 'captured', 'attempts'],
  properties: {
    event: { type: 'string', const: 'session-ended' },
    notificationId: { type: 'string', description: '<sessionId>:<STATUS>, stable across retries and replays: key the work on it, never on orderId' },
    sessionId: uuidSchema,
    orderId: { type: 'string' },
    status: { type: 'string', enum: ENDINGS },
    total: moneySchema,
    captured: moneySchema,
    terms: { type: 'array', items: termsSchema, description: 'the declared terms; absent (with termsAcceptedAt) when none were declared' },
    termsAcceptedAt: { type: 'integer', description: 'epoch ms; absent alone when the payer never consented' },
    attempts: { type: 'array', items: endedAttemptSchema, description: 'one per tranche, oldest first' },
  },
});

const { receivedAt: _receivedAt, ...chargebackFields } = chargebackSchema.properties;

export const chargebackEventSchema = named('ChargebackEvent', {
  type: 'object',
  required: ['event', ...chargebackSchema.required.filter((name) => name !== 'receivedAt')],
  properties: { event: { type: 'string', const: 'chargeback' }, ...chargebackFields },
});
