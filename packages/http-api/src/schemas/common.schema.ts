import { UUID_PATTERN } from '@splitpay/domain';
import { named } from './json-schema';

/** Largest integer arithmetic stays exact on (amounts, timestamps). */
export const MAX_INTEGER = Number.MAX_SAFE_INTEGER;

export const uuidSchema = { type: 'string', pattern: UUID_PATTERN.source, description: 'lowercase UUID (8-4-4-4-12 hexadecimal digits)' } as const;
export const currencySchema = named('Currency', { type: 'string', pattern: '^[A-Z]{3}$', format: 'iso-4217', description: 'ISO 4217, uppercase, a code the standard assigns' });
export const countrySchema = named('Country', { type: 'string', pattern: '^[A-Z]{2}$', format: 'iso-3166-1-alpha-2', description: 'ISO 3166-1 alpha-2, a code the standard assigns' });
export const dateSchema = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date', description: 'YYYY-MM-DD' } as const;
export const epochMsSchema = { type: 'integer', minimum: 0, maximum: MAX_INTEGER, description: 'epoch milliseconds' } as const;
export const minorUnitsSchema = { type: 'integer', minimum: 0, maximum: MAX_INTEGER, description: 'minor units' } as const;

export const moneySchema = named('Money', {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: { type: 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER, description: 'minor units of the currency (ISO 4217)' }, currency: currencySchema },
});

/** Money as a request carries it (a cart line price): never negative. */
export const requestMoneySchema = named('MoneyInput', {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: minorUnitsSchema, currency: currencySchema },
});

export const errorEnvelopeSchema = named('Error', {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'stable; branch on it, never parse the message' },
    message: { type: 'string', description: 'English, for logs; wording may change' },
  },
});
