import { CARD_SCHEMES, METHOD_KINDS } from '@splitpay/domain';
import { dateSchema, MAX_INTEGER } from './common.schema';
import { named } from './json-schema';
import { plainText } from './plain-text.schema';

const text = { type: 'string', minLength: 1 } as const;

const rangeSchema = named('AmountRange', {
  type: 'object',
  additionalProperties: false,
  required: ['min', 'max'],
  description: 'inclusive window of amounts, minor units; amounts outside are refused',
  properties: { min: { type: 'integer', minimum: 0, maximum: MAX_INTEGER }, max: { type: 'integer', minimum: 0, maximum: MAX_INTEGER } },
});

/** Fields every method entry may carry (docs/decisions.md D12). */
const common = {
  id: plainText({ minLength: 1, description: 'instance key, default the method name; unique within the session' }),
  label: plainText({ minLength: 1, description: "display name instead of the method's own" }),
  provider: { ...text, description: 'PSP to charge this method; omitted, the contracted one' },
  range: rangeSchema,
} as const;

export const cardEntrySchema = named('CardMethodEntry', {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  properties: {
    method: { type: 'string', const: 'card' },
    partialAuth: {
      type: 'boolean',
      description:
        'issuer may authorize less than requested; only if the acquirer contract carries it. Without effect on an order with mustCreateAlias: it cannot be split, so every lower grant is refused and voided there, and the view offers no partial authorization',
    },
    schemes: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: CARD_SCHEMES },
      description:
        "the networks accepted, in display order; omitted, the contract's. A grant the PSP reports on a network not listed is refused by the service: its hold is voided and the attempt says method-unavailable (a co-badged card reported as visa is refused where only cb is listed); a grant naming no network is accepted",
    },
    createAlias: {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'recurringFrequency', 'recurringExpiry'],
      description: 'register the card for later payments; requires the 3-D Secure challenge',
      properties: {
        mode: { type: 'string', enum: ['oneclick', 'subscription'] },
        recurringFrequency: { type: 'integer', minimum: 1, description: 'days between two recurring payments; sent to the PSP with the registration' },
        recurringExpiry: {
          ...dateSchema,
          description: 'last day the registration may be used, sent to the PSP with the registration; a day before the day of creation (UTC) is InvalidRequest, nothing stored',
        },
      },
    },
    threeDSecure: { type: 'string', enum: ['sca', 'frictionless'], description: 'default sca' },
    cardHolder: { type: 'boolean', description: 'ask the payer for the cardholder name; default off' },
    ...common,
  },
});

export const plainEntrySchema = named('MethodEntry', {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  properties: { method: { type: 'string', enum: ['applepay', 'paypal', 'wero', 'ancv'] }, ...common },
});

export const planKeySchema = named('PlanKey', {
  type: 'object',
  additionalProperties: false,
  required: ['installments', 'withFees'],
  properties: { installments: { type: 'integer', minimum: 2 }, withFees: { type: 'boolean' } },
});

export const financingEntrySchema = named('FinancingMethodEntry', {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  description:
    "financing: billing.country picks which of the account's national contracts prices the loan (one without a nation for any other country), never whether the method is offered; a billing country no contract prices is NoProviderForMethod (ProviderNotContracted with provider)",
  properties: {
    method: { type: 'string', const: 'oney' },
    plans: { type: 'array', minItems: 1, items: planKeySchema, description: 'plans offered; omitted, every plan of the lender contract that prices the loan' },
    ...common,
  },
});

/** One item of `methods`, discriminated by `method`. */
export const methodEntrySchema = {
  type: 'object',
  required: ['method'],
  properties: { method: { type: 'string', enum: METHOD_KINDS } },
  discriminator: { propertyName: 'method' },
  oneOf: [cardEntrySchema, plainEntrySchema, financingEntrySchema],
} as const;
