import { SESSION_CREATION_REFUSALS } from '@splitpay/domain';
import { uuidSchema } from '../schemas/common.schema';
import { attemptPageSchema, attemptViewSchema, dashboardSessionChargebacksSchema, sessionChargebacksSchema, sessionPageSchema, sessionSchema, transactionPageSchema, transactionViewSchema } from '../schemas/resource.schema';
import { attemptSearchSchema, sessionSearchSchema, transactionSearchSchema } from '../schemas/search-query.schema';
import { sessionCreatedSchema, sessionRequestSchema } from '../schemas/session-request.schema';
import { creationKeyConflict, foreignCursor, notFound, unauthorized, undeclaredProperty, undeclaredQueryParameter, withErrorExamples } from './examples/error.examples';
import { attemptPage, attemptRead, createSessionRequest, dashboardSessionChargebacks, sessionCreated, sessionChargebacks, sessionPage, sessionRead, transactionPage, transactionRead } from './examples/merchant-api.examples';
import { errors, json, pathId, queryParameters, type ParameterSpec, type PathSpecs, type ResponseSpec } from './operation';

const tags = ['Merchant API'];
const access = ['accessToken'] as const;
const SEARCH_NOTE = 'Newest first (createdAt, then id, descending), one keyset page per call; default page 20, max 100. nextCursor is opaque and bound to this search and caller: pass it verbatim with the same filters. A filtered page of attempts or operations can hold fewer items than asked, rarely none, and still have a nextCursor: follow it. An undecodable or foreign cursor is InvalidRequest, and so is a parameter not listed here or one given twice.';
const READ_NOTE = 'Takes no query parameter: any, even empty, is InvalidRequest naming it.';

const creationKey: ParameterSpec = {
  name: 'idempotency-key',
  in: 'header',
  description:
    "Optional. A retry with the same key and the same body (keys in any order) answers exactly what the first answered (201, the same sessionId, elementsToken and expiresAt) and creates nothing, even when the merchant account changed since so that the creation rules would now refuse the order. The same key with another body is IdempotencyKeyConflict, and so is a retry after the service's signing key was rotated (the token cannot be answered again). Scoped to the merchant account, kept as long as the session is stored (docs/decisions.md D63, D69).",
  schema: { type: 'string', minLength: 1, maxLength: 64, examples: ['order-42-create'] },
};

const searchErrors = (): Record<string, ResponseSpec> => withErrorExamples(errors('InvalidRequest', 'Unauthorized'), foreignCursor, unauthorized);
const readErrors = (): Record<string, ResponseSpec> => withErrorExamples(errors('InvalidRequest', 'Unauthorized', 'NotFound'), undeclaredQueryParameter, notFound);

/** The merchant API's own doors: session creation, reads, searches. */
export const merchantApiPaths: PathSpecs = {
  '/api/sessions': {
    post: {
      operationId: 'createSession',
      summary: 'Create a session',
      description:
        'Machine (client_credentials) tokens only; a contact token, even an admin one, is Unauthorized. Unknown properties are InvalidRequest naming the property. The elementsToken goes to the page; the sessionId stays on the merchant server. Send an idempotency-key to retry safely after a timeout.',
      tags,
      security: access,
      parameters: [creationKey],
      requestBody: { contentType: 'application/json', schema: sessionRequestSchema, examples: createSessionRequest },
      responses: {
        '201': {
          ...json('Created', sessionCreatedSchema, { Location: { description: '/api/sessions/{sessionId}, under the path of the service address when it has one (behind a proxy that strips it)', required: true } }),
          examples: sessionCreated,
        },
        ...withErrorExamples(errors('InvalidRequest', 'Unauthorized', ...SESSION_CREATION_REFUSALS, 'IdempotencyKeyConflict'), undeclaredProperty, unauthorized, creationKeyConflict),
      },
    },
    get: {
      operationId: 'searchSessions',
      summary: 'Search sessions',
      description: SEARCH_NOTE,
      tags,
      security: access,
      parameters: queryParameters(sessionSearchSchema),
      responses: { '200': { ...json('A page of sessions', sessionPageSchema), examples: sessionPage }, ...searchErrors() },
    },
  },
  '/api/sessions/{sessionId}': {
    get: {
      operationId: 'getSession',
      summary: 'Read a session',
      description: READ_NOTE,
      tags,
      security: access,
      parameters: [pathId('sessionId', 'the session id', uuidSchema)],
      responses: { '200': { ...json('The full session', sessionSchema), examples: sessionRead }, ...readErrors() },
    },
  },
  '/api/sessions/{sessionId}/chargebacks': {
    get: {
      summary: "A session's chargebacks",
      operationId: 'getSessionChargebacks',
      description: `The disputes PSPs raised on the operations of this session, oldest first, as the chargeback events carry them (whether or not the account declares a chargeback address). They never change the session. ${READ_NOTE}`,
      tags,
      security: access,
      parameters: [pathId('sessionId', 'the session id', uuidSchema)],
      responses: { '200': { ...json('The chargebacks of the session', sessionChargebacksSchema), examples: sessionChargebacks }, ...readErrors() },
    },
  },
  '/api/dashboard/sessions/{sessionId}/chargebacks': {
    get: {
      summary: "A session's chargebacks with their messages' delivery (the dashboard's read)",
      operationId: 'getDashboardSessionChargebacks',
      description: `The dashboard's own read, for contact tokens only (a client token is Unauthorized): the disputes of GET /api/sessions/{sessionId}/chargebacks, each with where its chargeback message stands, so the payment's page can say which the notification replay would send again. Not part of the merchant API. ${READ_NOTE}`,
      tags: ['Dashboard'],
      security: access,
      parameters: [pathId('sessionId', 'the session id', uuidSchema)],
      responses: { '200': { ...json('The chargebacks of the session, with their delivery', dashboardSessionChargebacksSchema), examples: dashboardSessionChargebacks }, ...readErrors() },
    },
  },
  '/api/attempts': {
    get: {
      operationId: 'searchAttempts',
      summary: 'Search attempts',
      description: SEARCH_NOTE,
      tags,
      security: access,
      parameters: queryParameters(attemptSearchSchema),
      responses: { '200': { ...json('A page of attempts', attemptPageSchema), examples: attemptPage }, ...searchErrors() },
    },
  },
  '/api/attempts/{attemptId}': {
    get: {
      operationId: 'getAttempt',
      summary: 'Read an attempt',
      description: READ_NOTE,
      tags,
      security: access,
      parameters: [pathId('attemptId', 'the attempt id', uuidSchema)],
      responses: { '200': { ...json('The attempt with its session context', attemptViewSchema), examples: attemptRead }, ...readErrors() },
    },
  },
  '/api/transactions': {
    get: {
      operationId: 'searchTransactions',
      summary: 'Search PSP operations',
      description: SEARCH_NOTE,
      tags,
      security: access,
      parameters: queryParameters(transactionSearchSchema),
      responses: { '200': { ...json('A page of transactions', transactionPageSchema), examples: transactionPage }, ...searchErrors() },
    },
  },
  '/api/transactions/{transactionId}': {
    get: {
      operationId: 'getTransaction',
      summary: 'Read a PSP operation',
      description: READ_NOTE,
      tags,
      security: access,
      parameters: [pathId('transactionId', 'the transaction id', uuidSchema)],
      responses: { '200': { ...json('The transaction with its session and attempt context', transactionViewSchema), examples: transactionRead }, ...readErrors() },
    },
  },
};
