import type { ErrorCode } from '@splitpay/domain';
import { uuidSchema } from '../schemas/common.schema';
import { named } from '../schemas/json-schema';
import { transactionViewSchema } from '../schemas/resource.schema';
import { refundRequestSchema, sessionRefundRequestSchema } from '../refund/refund-request.schema';
import { exceedsRefundable, notFound, withErrorExamples } from './examples/error.examples';
import { partialRefundRecorded, partialRefundRequest, replayArmed, sessionRefundRecorded } from './examples/refund-notification.examples';
import { describeStatus, errors, json, pathId, type ParameterSpec, type PathSpecs } from './operation';

/** The refund doors and the notification replay (the contract, docs/decisions.md D11 and D12). */

const refundAnswerSchema = named('RefundAnswer', {
  type: 'object',
  additionalProperties: false,
  required: ['refunds'],
  properties: { refunds: { type: 'array', minItems: 1, items: transactionViewSchema, description: 'read each refund status from its transaction status' } },
});

const replayAnswerSchema = named('NotificationReplay', {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'failures', 'abandoned'],
  properties: {
    url: { type: 'string' },
    failures: { type: 'integer', minimum: 0, description: 'failures before the replay was armed' },
    abandoned: { type: 'boolean', description: 'whether the calendar was spent when asked' },
  },
});

const idempotencyKey: ParameterSpec = {
  name: 'idempotency-key',
  in: 'header',
  description: 'a retry with a recorded key returns the recorded refund; the same key with another amount is IdempotencyKeyConflict',
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};

const tags = ['Refunds'];
const REFUND_ERRORS = ['InvalidRequest', 'Unauthorized', 'NotFound', 'NothingToRefund', 'RefundInFlight', 'SessionNotEnded', 'RefundNotSupported'] as const;
const SLICE_ERRORS = ['RefundExceedsRefundable', 'PartialRefundNotSupported', 'IdempotencyKeyConflict'] as const;

/**
 * The contract declares InvalidRequestedAmount for these doors but it cannot be answered through them
 * (docs/decisions.md D4): the 400 answer says so rather than listing a code the service never sends.
 */
const SLICE_400 =
  'InvalidRequest. The contract also declares InvalidRequestedAmount (a refund amount that is not a positive integer of minor units) for this door; ' +
  'it is never answered: the body schema refuses such an amount (below 1, not an integer) with InvalidRequest before the refund rules run (docs/decisions.md D4).';

/** A refund door that takes a slice (an optional body with an amount) and an idempotency key. */
function sliceRefund(operationId: string, summary: string, target: ParameterSpec, moreErrors: readonly ErrorCode[] = []): PathSpecs[string] {
  return {
    post: {
      operationId,
      summary,
      tags,
      security: ['accessToken'],
      parameters: [target, idempotencyKey],
      requestBody: { contentType: 'application/json', schema: refundRequestSchema, required: false, examples: partialRefundRequest },
      responses: {
        '202': { ...json('Refund recorded', refundAnswerSchema), examples: partialRefundRecorded },
        ...withErrorExamples(describeStatus(errors(...REFUND_ERRORS, ...SLICE_ERRORS, ...moreErrors), '400', SLICE_400), exceedsRefundable, notFound),
      },
    },
  };
}

export const refundNotificationPaths: PathSpecs = {
  '/api/sessions/{sessionId}/refund': {
    post: {
      operationId: 'refundSession',
      summary: 'Refund a whole session',
      description:
        'No body needed. Plans first: any refusal answers before any PSP is called. Client and contact tokens. ' +
        'An optional { amount } names the whole the caller saw and confirmed: unless it is exactly what remains, nothing is refunded ' +
        '(more: RefundExceedsRefundable; less: PartialRefundNotSupported, the door never refunds a part), so a refund made since the caller read the session is never overtaken (docs/decisions.md D121-b).',
      tags,
      security: ['accessToken'],
      parameters: [pathId('sessionId', 'the session id', uuidSchema)],
      requestBody: { contentType: 'application/json', schema: sessionRefundRequestSchema, required: false },
      responses: { '202': { ...json('Refunds recorded', refundAnswerSchema), examples: sessionRefundRecorded }, ...errors(...REFUND_ERRORS, 'RefundExceedsRefundable', 'PartialRefundNotSupported') },
    },
  },
  '/api/attempts/{attemptId}/refund': sliceRefund('refundAttempt', 'Refund an attempt, in full or a slice', pathId('attemptId', 'the attempt id', uuidSchema)),
  '/api/transactions/{transactionId}/refund': sliceRefund('refundTransaction', 'Refund the operation that took the money', pathId('transactionId', 'the capture or direct payment', uuidSchema), ['NotARefundableOperation']),
  '/api/sessions/{sessionId}/notification': {
    post: {
      operationId: 'replaySessionNotification',
      summary: "Replay the session's notifications",
      description:
        "Contact tokens only. Re-arms the whole retry calendar with the same notificationId; the first delivery is imminent. The delivery rules hold for both messages: the session's abandoned chargeback messages are re-armed too, each with its own notificationId. With the session-ended message delivered and a chargeback message abandoned, only the chargeback is sent again. The answer always describes the session-ended message; the refusals are its own (no address, calendar still running).",
      tags: ['Notifications'],
      security: ['accessToken'],
      parameters: [pathId('sessionId', 'the session id', uuidSchema)],
      responses: {
        '202': { ...json('Re-armed', replayAnswerSchema), examples: replayArmed },
        ...errors('InvalidRequest', 'Unauthorized', 'NotFound', 'NotificationNotAbandoned', 'SessionNotEnded', 'NoNotificationUrl'),
      },
    },
  },
};
