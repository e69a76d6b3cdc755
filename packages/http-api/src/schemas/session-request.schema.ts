import { MAX_METHOD_ENTRIES, MAX_ORDER_ID_LENGTH, MAX_SESSION_TTL_MS, MIN_SESSION_TTL_MS } from '@splitpay/domain';
import { countrySchema, currencySchema, MAX_INTEGER } from './common.schema';
import { named } from './json-schema';
import { methodEntrySchema } from './method-entry.schema';
import { plainText } from './plain-text.schema';
import { addressSchema, cartItemSchema, customerSchema, termsSchema, travelSchema } from './order.schema';

const httpUrl = { type: 'string', pattern: '^https?://' } as const;

/**
 * Body of POST /api/sessions (the contract). orderId's length, notificationUrl's shape and the
 * uniqueness of instance keys carry dedicated codes (InvalidOrderReference, InvalidNotificationUrl,
 * DuplicateMethodId): they are checked before this schema, so the schema never answers them.
 */
export const sessionRequestSchema = named('SessionRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'total', 'methods', 'orderId'],
  properties: {
    currency: currencySchema,
    total: { type: 'integer', minimum: 1, maximum: MAX_INTEGER, description: 'minor units' },
    methods: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_METHOD_ENTRIES,
      items: methodEntrySchema,
      description: `display order; instance keys unique (else DuplicateMethodId); at most ${MAX_METHOD_ENTRIES} entries, more than an order offers (else InvalidRequest)`,
    },
    orderId: plainText({
      minLength: 1,
      maxLength: MAX_ORDER_ID_LENGTH,
      description: 'merchant order reference; empty, only white space or longer than 31 characters is InvalidOrderReference',
    }),
    paymentMethodFilters: {
      type: 'object',
      additionalProperties: false,
      description: 'what the offer is matched against; a method restricted to countries or channels is not served when these say nothing of them',
      properties: { country: countrySchema, channel: plainText({ minLength: 1, maxLength: 64 }) },
    },
    mustCreateAlias: { type: 'boolean' },
    cartItems: { type: 'array', items: cartItemSchema, description: 'required, fully itemized, when a financing method is offered' },
    extraData: plainText({ minLength: 1, maxLength: 255, description: 'echoed by the PSP in notifications and reporting; never shown to the payer' }),
    statementDescriptor: plainText({ minLength: 1, description: 'bank statement label' }),
    returnUrl: {
      ...httpUrl,
      description:
        "where the payer's browser goes back after an off-site redirect (through the service's return door); required only to use a method that sends the payer to its PSP's page (today paypal, wero, ancv and oney): without it the session is still created, but such a method is listed with eligible false and starting it answers MethodNotEligible. card (its 3-D Secure page included) and applepay do not need it",
    },
    cancelUrl: { ...httpUrl, description: 'where the browser goes when the payer backed out at the PSP; absent, returnUrl serves both outcomes' },
    notificationUrl: {
      type: 'string',
      format: 'uri',
      description:
        'https, except for hosts that cannot exist on the public internet; a host name DNS can hold (no label over 63 characters, at most 253 in all); only on an account that agreed a webhook authorization value, which every call carries; otherwise InvalidNotificationUrl',
    },
    ttlMs: {
      type: 'integer',
      minimum: MIN_SESSION_TTL_MS,
      maximum: MAX_SESSION_TTL_MS,
      description:
        "the session lifetime in ms: default 15 minutes, no business maximum; InvalidRequest only when expiresAt would pass the last time a JavaScript Date holds (8640000000000000 ms since 1970), so the maximum shown can never be reached. A session longer than a card hold's life at the issuer (a few days) may end after a hold lapsed at its issuer: the PSP then refuses the capture, which the service records as any failed capture (the hold handed back, its money not taken)",
    },
    customer: customerSchema,
    billing: addressSchema,
    shipping: addressSchema,
    travel: travelSchema,
    terms: { type: 'array', minItems: 1, items: termsSchema },
  },
});

export const sessionCreatedSchema = named('SessionCreated', {
  type: 'object',
  additionalProperties: false,
  required: ['elementsToken', 'sessionId', 'expiresAt'],
  properties: {
    elementsToken: { type: 'string', pattern: '^pst_', description: 'opaque, short-lived, the only client-side credential' },
    sessionId: { type: 'string', description: 'for the merchant server only; never hand it to a page' },
    expiresAt: { type: 'integer', description: 'epoch ms' },
  },
});
