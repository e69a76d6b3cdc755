import { ATTEMPT_STATUSES, METHOD_KINDS, SESSION_STATUSES, TRANSACTION_TYPES, VERDICT_KINDS } from '@splitpay/domain';
import { countrySchema, moneySchema, uuidSchema } from './common.schema';
import { named } from './json-schema';
import { addressSchema, customerSchema, termsSchema, travelSchema } from './order.schema';

/** Response schemas of the merchant API's resources (the contract's "Resources and their fields"). */

const epochMs = { type: 'integer', description: 'epoch ms' } as const;
const text = { type: 'string' } as const;
export const DECLINE_CATEGORIES = ['bank-refusal', 'insufficient-funds', 'invalid-card-data', 'authentication-failed', 'expired', 'method-unavailable'];

export const transactionStatusSchema = named('TransactionStatus', {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  description: 'the verdict facet: what the PSP finally decided',
  properties: {
    kind: { type: 'string', enum: VERDICT_KINDS, description: 'pending: the verdict is still due and arrives out-of-band' },
    statusCode: { ...text, description: "the PSP's own code, successes included" },
    statusMessage: { ...text, description: "the PSP's own sentence; a failure made by the service carries only this" },
    category: { type: 'string', enum: DECLINE_CATEGORIES },
  },
});

export const transactionSchema = named('Transaction', {
  type: 'object',
  additionalProperties: false,
  required: ['transactionId', 'createdAt', 'updatedAt', 'type', 'amount', 'status'],
  properties: {
    transactionId: uuidSchema,
    createdAt: epochMs,
    updatedAt: { ...epochMs, description: 'last event; for a terminal operation its verdict instant, which a later ack does not move' },
    type: { type: 'string', enum: TRANSACTION_TYPES },
    amount: { ...moneySchema, description: 'what the operation moved: a granted authorization or payment says its grant (below the request on a partial grant); a pending, failed or cancelled one what it asked for' },
    providerRef: { ...text, description: 'the PSP reference' },
    status: transactionStatusSchema,
    ackCode: { ...text, description: 'ack facet: what the driving call answered' },
    ackMessage: {
      ...text,
      description: "what the driving call said; a transport failure's raw cause (beside no ackHttpStatus) as its error code, the provider and what the code means only (`ECONNREFUSED: no answer from adyen (connection refused)`; `... from the PSP ...` for a failure stored before this rule), never a host, port, path or stack",
    },
    ackHttpStatus: { type: 'integer', description: 'absent beside a present ackMessage: no HTTP response ever came' },
    extraData: { ...text, description: "refunds only: the caller's reconciliation tag, echoed verbatim" },
  },
});

export const attemptSchema = named('Attempt', {
  type: 'object',
  additionalProperties: false,
  required: ['attemptId', 'createdAt', 'updatedAt', 'method', 'methodId', 'provider', 'status', 'requested', 'granted', 'refunded', 'refundable', 'transactions'],
  properties: {
    attemptId: uuidSchema,
    createdAt: epochMs,
    updatedAt: epochMs,
    method: { type: 'string', enum: METHOD_KINDS },
    methodId: text,
    provider: text,
    status: { type: 'string', enum: ATTEMPT_STATUSES },
    partialAuth: {
      type: 'string',
      enum: ['chosen', 'mandated'],
      description:
        'who lowered a grant below the request: chosen (the payer in their app) or mandated (the issuer). Kept whether the lower grant was kept or refused by the service and handed back (a VOIDED or released attempt whose granted is below requested); absent on a full or zero grant',
    },
    plan: {
      type: 'object',
      additionalProperties: false,
      required: ['installments', 'withFees'],
      properties: { installments: { type: 'integer' }, withFees: { type: 'boolean' } },
    },
    requested: moneySchema,
    granted: moneySchema,
    refunded: moneySchema,
    refundable: {
      ...moneySchema,
      description:
        'granted minus refunded; zero unless the attempt settled. Zero on an attempt the service is handing back (a refused lower grant, a session that did not end PAID), owedToPayer included: its money is already on its way back, so a merchant refund of it is NothingToRefund',
    },
    cardAlias: { ...text, description: "card registration produced, when the order asked for one (mustCreateAlias, or the card entry's createAlias); an alias the PSP returned unasked is not kept" },
    cardScheme: { ...text, description: 'card network as the PSP named it; card attempts only; absent when none could be placed' },
    declineCategory: {
      type: 'string',
      enum: DECLINE_CATEGORIES,
      description:
        "why the tranche took nothing, when readable: a DECLINED attempt's refusal, or method-unavailable on a card grant the service refused and voided because its cardScheme is not one the card entry's schemes list (docs/decisions.md D74)",
    },
    owedToPayer: { ...text, description: 'money taken that nothing can hand back (direct settlement); the attempt is handed back, so its refundable is zero' },
    transactions: { type: 'array', items: transactionSchema, description: 'oldest first' },
  },
});

export const notificationStateSchema = named('NotificationState', {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'failures', 'abandoned'],
  properties: {
    url: text,
    deliveredAt: { ...epochMs, description: 'absent: still owed' },
    failures: { type: 'integer', minimum: 0, description: 'delivery attempts failed so far' },
    abandoned: { type: 'boolean', description: 'the calendar is spent' },
  },
});

const responseCartItemSchema = named('CartItemOut', {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'quantity', 'amount'],
  properties: {
    label: text,
    quantity: { type: 'integer' },
    amount: moneySchema,
    detail: { type: 'object', description: 'as sent' },
  },
});

export const sessionSchema = named('Session', {
  type: 'object',
  additionalProperties: false,
  required: ['sessionId', 'merchantId', 'orderId', 'status', 'total', 'captured', 'createdAt', 'expiresAt', 'attempts'],
  properties: {
    sessionId: uuidSchema,
    merchantId: text,
    orderId: text,
    status: { type: 'string', enum: SESSION_STATUSES },
    total: moneySchema,
    captured: moneySchema,
    createdAt: epochMs,
    updatedAt: epochMs,
    expiresAt: epochMs,
    notification: notificationStateSchema,
    attempts: { type: 'array', items: attemptSchema, description: 'oldest first' },
    paymentMethodFilters: { type: 'object', additionalProperties: false, properties: { country: countrySchema, channel: text } },
    cartItems: { type: 'array', items: responseCartItemSchema },
    customer: customerSchema,
    billing: addressSchema,
    shipping: addressSchema,
    travel: travelSchema,
    returnUrl: text,
    cancelUrl: text,
    statementDescriptor: text,
    extraData: text,
    mustCreateAlias: { type: 'boolean' },
    terms: { type: 'array', items: termsSchema, description: 'as declared' },
    termsAcceptedAt: epochMs,
  },
});

export const attemptViewSchema = named('AttemptView', {
  type: 'object',
  additionalProperties: false,
  required: ['sessionId', 'merchantId', 'orderId', 'attempt'],
  properties: { sessionId: uuidSchema, merchantId: text, orderId: text, attempt: attemptSchema },
});

export const transactionViewSchema = named('TransactionView', {
  type: 'object',
  additionalProperties: false,
  required: ['sessionId', 'merchantId', 'orderId', 'attemptId', 'method', 'provider', 'transaction'],
  properties: {
    sessionId: uuidSchema,
    merchantId: text,
    orderId: text,
    attemptId: uuidSchema,
    method: { type: 'string', enum: METHOD_KINDS },
    provider: { ...text, description: "the PSP that ran the operation, as its attempt's provider names it: whose settlement report the operation is in" },
    cardScheme: text,
    transaction: transactionSchema,
  },
});

export const chargebackSchema = named('Chargeback', {
  type: 'object',
  additionalProperties: false,
  required: ['notificationId', 'sessionId', 'attemptId', 'transactionId', 'orderId', 'type', 'amount', 'provider', 'providerRef', 'date', 'receivedAt'],
  description: 'a dispute a PSP raised, as the chargeback event carries it',
  properties: {
    notificationId: { ...text, description: 'the chargeback event\'s notificationId: <providerRef>:chargeback:<date>:<amount in minor units>, with representment in place of chargeback for a representment, and the PSP\'s own reference of the dispute in place of providerRef when the PSP gives one (a Worldline chargeback operation, <paymentId>_<operationId>)' },
    sessionId: uuidSchema,
    attemptId: uuidSchema,
    transactionId: { ...uuidSchema, description: 'the operation the money moved on' },
    orderId: text,
    type: { type: 'string', enum: ['chargeback', 'representment'], description: 'chargeback: money left the account; representment: the dispute was settled in the merchant\'s favour' },
    amount: moneySchema,
    provider: text,
    providerRef: text,
    reasonCode: { ...text, description: 'PSP reason code' },
    status: { ...text, description: "the PSP's label for the dispute stage" },
    date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    validUntil: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'deadline after which the dispute is usually lost by default' },
    receivedAt: epochMs,
  },
});

export const sessionChargebacksSchema = named('SessionChargebacks', {
  type: 'object',
  additionalProperties: false,
  required: ['chargebacks'],
  properties: { chargebacks: { type: 'array', items: chargebackSchema, description: 'oldest first' } },
});

const page = (name: string, key: string, item: unknown) =>
  named(name, {
    type: 'object',
    additionalProperties: false,
    required: [key],
    properties: { [key]: { type: 'array', items: item }, nextCursor: { type: 'string', description: 'opaque; absent on the last page' } },
  });

export const sessionPageSchema = page('SessionPage', 'sessions', sessionSchema);
export const attemptPageSchema = page('AttemptPage', 'attempts', attemptViewSchema);
export const transactionPageSchema = page('TransactionPage', 'transactions', transactionViewSchema);

export const dashboardChargebackSchema = named('DashboardChargeback', {
  ...chargebackSchema,
  description: "a dispute as the dashboard reads it: the Chargeback's fields and where its chargeback message stands",
  properties: {
    ...chargebackSchema.properties,
    delivery: {
      type: 'string',
      enum: ['delivered', 'trying', 'abandoned'],
      description: "the chargeback message: delivered (acknowledged), trying (its retry calendar still runs, or it waits for the session's ending message to go first), abandoned (the calendar is spent: the session's notification replay sends it again once the session's ending message is delivered or abandoned and the session has a notification address; otherwise that door refuses, NotificationNotAbandoned or NoNotificationUrl, and an operator's `replay-notifications` command sends it); absent when the account declares no chargeback address (nothing is sent)",
    },
  },
});

export const dashboardSessionChargebacksSchema = named('DashboardSessionChargebacks', {
  type: 'object',
  additionalProperties: false,
  required: ['chargebacks'],
  properties: { chargebacks: { type: 'array', items: dashboardChargebackSchema, description: 'oldest first' } },
});
