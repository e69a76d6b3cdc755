import { named } from './json-schema';
import { plainText } from './plain-text.schema';

const OTHER_METHODS = ['applepay', 'paypal', 'wero', 'oney', 'ancv'] as const;

/** The fake card form (accepted by the fake provider only). */
const CARD_FORM = {
  cardNumber: { type: 'string', pattern: '^[0-9]{12,19}$' },
  expiry: { type: 'string', pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$', description: 'MM/YY' },
  cvc: { type: 'string', pattern: '^[0-9]{3,4}$' },
} as const;
const HOLDER = plainText({ minLength: 1, maxLength: 100, description: 'the cardholder name the payer typed' });
/** The token an acquirer's hosted-fields SDK produced. */
const CARD_TOKEN = { token: { type: 'string', minLength: 1, maxLength: 20_000 } } as const;

/**
 * The payer input of a start (the `input` of elements.schema.ts startAttemptSchema), never
 * stored or logged, discriminated by `method`. A card sends either the fake card form
 * (accepted by the fake provider only) or the token an acquirer's hosted-fields SDK produced; other
 * methods carry nothing beyond their name (their payer acts at the PSP or in the wallet sheet).
 */
export const payerInputSchema = named('PayerInput', {
  type: 'object',
  required: ['method'],
  properties: { method: { type: 'string' } },
  discriminator: { propertyName: 'method' },
  // Each branch named, so that the document's discriminator maps every method to its schema.
  oneOf: [
    named('CardPayerInput', {
      type: 'object',
      additionalProperties: false,
      required: ['method'],
      properties: { method: { const: 'card' }, ...CARD_FORM, holder: HOLDER, ...CARD_TOKEN },
      oneOf: [
        { required: ['cardNumber', 'expiry', 'cvc'], properties: CARD_FORM },
        { required: ['token'], properties: CARD_TOKEN },
      ],
    }),
    ...OTHER_METHODS.map((method) =>
      named(`${method.charAt(0).toUpperCase()}${method.slice(1)}PayerInput`, {
        type: 'object',
        additionalProperties: false,
        required: ['method'],
        properties: { method: { const: method } },
      }),
    ),
  ],
});
