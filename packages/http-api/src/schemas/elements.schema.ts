import { ATTEMPT_STATUSES, CARD_SCHEMES, METHOD_KINDS, SESSION_STATUSES } from '@splitpay/domain';
import { currencySchema, MAX_INTEGER, moneySchema, uuidSchema } from './common.schema';
import { payerInputSchema } from './payer-input.schema';
import { named } from './json-schema';
import { planKeySchema } from './method-entry.schema';
import { termsSchema } from './order.schema';
import { DECLINE_CATEGORIES } from './resource.schema';

/**
 * Browser doors (the contract's "Session view", docs/decisions.md D13). Where the contract says
 * "not shown", objects stay open (additional properties allowed); what it specifies is required.
 */

const viewRange = { type: 'object', required: ['min', 'max', 'currency'], properties: { min: { type: 'integer' }, max: { type: 'integer' }, currency: currencySchema } } as const;

export const cardMethodViewSchema = named('CardMethodView', {
  type: 'object',
  required: ['method', 'schemes', 'integration', 'id', 'eligible'],
  properties: {
    method: { type: 'string', const: 'card' },
    partialAuth: {
      type: 'string',
      const: 'mandated',
      description:
        'the issuer may grant less than asked, and the payer then accepts or refuses it. Absent where the service refuses every lower grant: the entry did not ask, its contract or driver does not carry it, or the order registers the payer\'s card (mustCreateAlias: it cannot be split)',
    },
    range: viewRange,
    cardHolder: { type: 'boolean' },
    schemes: {
      type: 'array',
      items: { type: 'string', enum: CARD_SCHEMES },
      description: 'the networks accepted, defaults applied: a card the PSP reports on another network is refused (its hold voided, the attempt says method-unavailable)',
    },
    integration: { type: 'string', enum: ['acquirer-hosted', 'acquirer-retail', 'fake'] },
    hostedFields: {
      type: 'object',
      required: ['keyId', 'key', 'sdkUrl'],
      properties: { keyId: { type: 'string' }, key: { type: 'string' }, sdkUrl: { type: 'string' } },
    },
    id: { type: 'string' },
    label: { type: 'string' },
    eligible: { type: 'boolean' },
    mustSettleRemaining: { type: 'boolean' },
  },
});

/** A financing plan priced on the remaining balance (docs/decisions.md D9). */
export const financingPlanViewSchema = named('FinancingPlanView', {
  type: 'object',
  required: ['installments', 'withFees', 'eligible', 'schedule', 'fees', 'total', 'creditAdvanced', 'apr'],
  properties: {
    installments: { type: 'integer', minimum: 2 },
    withFees: { type: 'boolean' },
    eligible: { type: 'boolean', description: "the lender's window covers the remaining balance" },
    schedule: {
      type: 'array',
      description: 'first due today (it carries the fees), each next 30 days later; sums to total',
      items: { type: 'object', required: ['dueAt', 'amount'], properties: { dueAt: { type: 'integer', description: 'epoch ms' }, amount: moneySchema } },
    },
    fees: moneySchema,
    total: { ...moneySchema, description: 'principal plus fees' },
    creditAdvanced: { ...moneySchema, description: 'the principal not paid today' },
    apr: { type: 'number', minimum: 0, description: 'annual percentage rate as a fraction' },
  },
});

export const otherMethodViewSchema = named('MethodView', {
  type: 'object',
  required: ['method', 'id', 'eligible'],
  description: 'wallets, account-to-account, vouchers and financing (which adds its instalment plans; the in-page wallet, how its merchant is validated)',
  properties: {
    method: { type: 'string', enum: METHOD_KINDS.filter((m) => m !== 'card') },
    range: viewRange,
    id: { type: 'string' },
    label: { type: 'string' },
    eligible: {
      type: 'boolean',
      description:
        "can an attempt be started now; false also for a method that sends the payer to its PSP's page in a session created without returnUrl, and for a method whose payment service provider does not take the session's currency (wero and ancv at worldline take EUR only)",
    },
    mustSettleRemaining: { type: 'boolean' },
    plans: { type: 'array', description: 'financing only', items: financingPlanViewSchema },
    merchantValidation: {
      type: 'string',
      enum: ['service', 'none'],
      description:
        "applepay only: how the wallet's merchant is validated before its sheet shows. service: through POST /elements/session/attempts/{attemptId}/wallet-session (the PSP opens the wallet session); none: the wallet's PSP needs no validation (the sheet is completed with an empty session). Absent: unknown, the page asks the door (which answers ConfirmNotApplicable when none is needed)",
    },
  },
});

export const attemptEntryViewSchema = named('AttemptEntryView', {
  type: 'object',
  required: ['attemptId', 'method', 'methodId', 'requested', 'granted', 'status', 'operation', 'abandonable'],
  properties: {
    attemptId: uuidSchema,
    plan: { type: 'object', required: ['installments', 'withFees'], properties: { installments: { type: 'integer', minimum: 2 }, withFees: { type: 'boolean' } } },
    awaitingPartialDecision: {
      type: 'boolean',
      description: 'present on a mandated grant: true while the issuer granted less and the payer has not accepted or refused it; false once decided, or when the service refused the lower grant itself',
    },
    partialAuth: {
      type: 'string',
      enum: ['chosen', 'mandated'],
      description: 'who lowered the grant below the request: chosen (the payer in their app) or mandated (the issuer), also on a lower grant the service refused and handed back',
    },
    released: {
      type: 'boolean',
      enum: [true],
      description:
        "present (true) once the service decided to hand this attempt's money back (a refused lower grant, a removed tranche, a failed capture, a late grant): its granted no longer counts against the balance, though its status stays AUTHORIZED or CAPTURED until the void or refund is confirmed. Absent on money taken that nothing hands back (the PSP neither refunds nor voids it, its refund failed or was given up): that money stays with the merchant",
    },
    kept: {
      ...moneySchema,
      description: 'present where released is absent on money the service decided to hand back but nothing hands back: what stays taken, the grant less what was refunded before',
    },
    nonRefundable: {
      type: 'boolean',
      enum: [true],
      description: 'present (true) on a CAPTURED tranche still counted whose money nothing could hand back if the payment were cancelled (its PSP neither refunds nor voids it): it would stay paid',
    },
    method: { type: 'string', enum: METHOD_KINDS },
    methodId: { type: 'string' },
    cardScheme: { type: 'string' },
    requested: moneySchema,
    granted: moneySchema,
    status: { type: 'string', enum: ATTEMPT_STATUSES },
    operation: { type: 'string', enum: ['authorization', 'payment'] },
    abandonable: {
      type: 'boolean',
      description: 'the payer can still end this attempt and be sure of owing nothing: while AUTHORIZING, true for a hold and for a direct payment only where its PSP can undo it (ended with abandon); true for an AUTHORIZED hold that still counts (ended with cancel); false once nothing is left to end (DECLINED, CANCELLED, VOIDED, CAPTURED, or a hold being handed back), and false in every attempt once the session no longer takes the payer\'s decisions (not PENDING, or its ttl passed), where both doors refuse',
    },
    pageAction: {
      type: 'object',
      required: ['kind', 'action'],
      description:
        "while AUTHORIZING: an action the PSP's own script must run in this page to continue, without leaving it (a card's 3-D Secure 2 fingerprint or challenge). kind hosted-fields: the adapter the card entry's hostedFields.sdkUrl registers runs action (the PSP's object, as the PSP designed it for the browser; no secret) and its result is sent to POST /elements/session/attempts/{attemptId}/confirm as input { method: card, details }",
      properties: {
        kind: { type: 'string', enum: ['hosted-fields'] },
        action: { type: 'object' },
        resultFields: {
          type: 'array',
          items: { type: 'string' },
          description: "the names of the result fields the PSP takes for this action (Adyen: threeDSResult); the confirm door refuses a result that carries any other, or none, with InvalidRequest (400). Absent: the PSP named none, any result is sent",
        },
      },
    },
    redirect: {
      type: 'object',
      required: ['kind', 'url'],
      properties: { kind: { type: 'string', enum: ['navigate', 'form'] }, url: { type: 'string' }, params: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    declineCategory: {
      type: 'string',
      enum: DECLINE_CATEGORIES,
      description:
        "why the attempt took nothing: a DECLINED attempt's refusal, or method-unavailable on a card grant the service refused (released, then VOIDED) because its cardScheme is not one the card entry's schemes list; absent means unclassified",
    },
  },
});

export const sessionViewSchema = named('SessionView', {
  type: 'object',
  required: ['status', 'currency', 'minorUnits', 'total', 'remaining', 'expiresAt', 'methods', 'orderId', 'cartItems', 'attempts', 'revision'],
  properties: {
    status: { type: 'string', enum: SESSION_STATUSES },
    currency: currencySchema,
    minorUnits: { type: 'integer', minimum: 0, maximum: 4, description: "the currency's ISO 4217 minor units: how many decimals its amounts have (an amount of 1050 is 10.50 with 2)" },
    total: moneySchema,
    remaining: moneySchema,
    expiresAt: { type: 'integer' },
    methods: { type: 'array', items: { anyOf: [cardMethodViewSchema, otherMethodViewSchema] } },
    orderId: { type: 'string' },
    cartItems: {
      type: 'array',
      items: { type: 'object', required: ['label', 'quantity', 'amount'], properties: { label: { type: 'string' }, quantity: { type: 'integer', minimum: 1 }, amount: moneySchema } },
    },
    statementDescriptor: { type: 'string' },
    terms: { type: 'array', items: termsSchema },
    termsAcceptedAt: { type: 'integer' },
    mustCreateAlias: { type: 'boolean' },
    attempts: { type: 'array', items: attemptEntryViewSchema },
    revision: {
      type: 'integer',
      minimum: 0,
      description:
        "the stored version of the session this view was read from: it grows with every stored change, so of two views of one session the one with the lower revision is the older, whatever order their answers arrived in. The payment page draws no view with a lower revision than the one it shows (docs/decisions.md D85). An addition to the contract's view, read by the page alone; readers that do not know it ignore it",
    },
  },
});

export const viewAnswerSchema = named('ViewAnswer', {
  type: 'object',
  required: ['view'],
  properties: { view: sessionViewSchema },
});

export const attemptStartedSchema = named('AttemptStarted', {
  type: 'object',
  required: ['attemptId', 'view'],
  properties: { attemptId: uuidSchema, view: sessionViewSchema },
});

/** Body of POST /elements/session/attempts; `input` is method-specific, discriminated by `method`. */
export const startAttemptSchema = named('StartAttempt', {
  type: 'object',
  additionalProperties: false,
  required: ['methodId', 'amount'],
  properties: {
    methodId: { type: 'string', minLength: 1, description: 'the methods[].id of the view' },
    amount: { type: 'integer', minimum: 1, maximum: MAX_INTEGER, description: 'minor units' },
    plan: planKeySchema,
    input: payerInputSchema,
  },
});

/** A body `{ input: { method: 'applepay', ...fields } }`: the in-page wallet's doors (Apple Pay today), every field required but `optional`. */
function applePayInputBody(name: string, fields: Record<string, object>, optional: readonly string[] = []) {
  return named(name, {
    type: 'object',
    additionalProperties: false,
    required: ['input'],
    properties: {
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['method', ...Object.keys(fields).filter((field) => !optional.includes(field))],
        properties: { method: { type: 'string', const: 'applepay' }, ...fields },
      },
    },
  });
}

/** Body of POST /elements/session/attempts/{attemptId}/wallet-session (the sheet's merchant validation). */
export const walletSessionRequestSchema = applePayInputBody(
  'WalletSessionRequest',
  {
    domainName: { type: 'string', pattern: '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$', maxLength: 253, description: "the page's host name (window.location.hostname), as registered for Apple Pay" },
    validationUrl: { type: 'string', pattern: '^https://', maxLength: 2048, description: "the sheet's validationURL (onvalidatemerchant)" },
  },
  ['validationUrl'],
);

export const walletSessionAnswerSchema = named('WalletSessionAnswer', {
  type: 'object',
  additionalProperties: false,
  properties: {
    walletSession: { type: 'object', description: "the PSP's opaque wallet session, for completeMerchantValidation as is; absent when the PSP did not open one (abort the sheet)" },
  },
});

/**
 * Body of POST /elements/session/attempts/{attemptId}/confirm, its input discriminated by method: an
 * in-page wallet's token (applepay), or the result of the in-page action a card attempt's view entry
 * carries (`pageAction`: a 3-D Secure 2 fingerprint or challenge run in the page), as the PSP's script
 * handed it to the page. Neither is ever logged or stored.
 */
export const confirmAttemptSchema = named('ConfirmAttempt', {
  type: 'object',
  additionalProperties: false,
  required: ['input'],
  properties: {
    input: named('ConfirmInput', {
      type: 'object',
      required: ['method'],
      properties: { method: { type: 'string' } },
      discriminator: { propertyName: 'method' },
      // Each branch named, so that the document's discriminator maps every method to its schema.
      oneOf: [
        named('WalletConfirmInput', {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'paymentToken'],
          properties: {
            method: { const: 'applepay' },
            paymentToken: { type: 'string', minLength: 1, description: "the wallet sheet's encrypted blob, verbatim; never logged, never stored" },
          },
        }),
        named('CardActionResultInput', {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'details'],
          properties: {
            method: { const: 'card' },
            details: {
              type: 'object',
              description:
                "the result of the attempt's pageAction as the PSP's script handed it to the page (Adyen Web's onAdditionalDetails state.data.details, e.g. threeDSResult), verbatim; never logged, never stored. When the pageAction names resultFields, details must carry only those (at least one): any other field, or none of them, is InvalidRequest (400, naming the accepted fields), the action still due and nothing sent to the PSP",
              minProperties: 1,
              maxProperties: 8,
              propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_.]{0,63}$' },
              additionalProperties: { type: 'string', minLength: 1, maxLength: 20_000 },
            },
          },
        }),
      ],
    }),
  },
});
