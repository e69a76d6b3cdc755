import { CARD_SCHEMES, METHOD_KINDS, type ContactRole, type Contract } from '@splitpay/domain';

/** One contact of the dashboard flow as the file gives it (docs/decisions.md D19). */
export interface ContactEntry {
  readonly email: string;
  readonly password?: string;
  readonly passwordHash?: string;
  readonly role: ContactRole;
}

/** A contract as the file gives it: its settings all in clear (the secret ones are sealed when stored). */
export type ContractEntry = Omit<Contract, 'sealedSettings'>;

/** One merchant account as the file gives it, before hashing and sealing. */
export interface MerchantEntry {
  readonly merchantId: string;
  readonly secret?: string;
  readonly secretHash?: string;
  readonly notificationUrl?: string;
  readonly chargebackUrl?: string;
  readonly webhookAuthorization: string;
  readonly webhookSigningSecret?: string;
  readonly contracts: readonly ContractEntry[];
  readonly contacts?: readonly ContactEntry[];
}

export interface MerchantsFile {
  readonly merchants: readonly MerchantEntry[];
}

const nonEmpty = { type: 'string', minLength: 1 } as const;
/** ISO 3166-1 alpha-2, as the contract writes countries. */
export const COUNTRY_PATTERN = '^[A-Z]{2}$';
const country = { type: 'string', pattern: COUNTRY_PATTERN } as const;

const plan = {
  type: 'object',
  additionalProperties: false,
  required: ['installments', 'withFees'],
  properties: {
    installments: { type: 'integer', minimum: 2 },
    withFees: { type: 'boolean' },
    feeRate: { type: 'number', minimum: 0 },
    apr: { type: 'number', minimum: 0 },
    minAmount: { type: 'integer', minimum: 0 },
    maxAmount: { type: 'integer', minimum: 0 },
  },
} as const;

const contract = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'provider'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$' },
    method: { enum: [...METHOD_KINDS] },
    provider: nonEmpty,
    countries: { type: 'array', minItems: 1, items: country },
    channels: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, maxLength: 64 } },
    nation: country,
    partialRefunds: { type: 'boolean' },
    schemes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...CARD_SCHEMES] } },
    partialAuth: { type: 'boolean' },
    plans: { type: 'array', items: plan },
    settings: { type: 'object' },
  },
} as const;

const contact = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'role'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 8, maxLength: 1024 },
    passwordHash: nonEmpty,
    role: { enum: ['admin', 'member'] },
  },
} as const;

const merchant = {
  type: 'object',
  additionalProperties: false,
  // Every webhook carries the account's pre-agreed authorization value, a session's own notificationUrl included.
  required: ['merchantId', 'contracts', 'webhookAuthorization'],
  properties: {
    merchantId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
    secret: { type: 'string', minLength: 8, maxLength: 1024 },
    secretHash: nonEmpty,
    notificationUrl: { type: 'string', format: 'uri' },
    chargebackUrl: { type: 'string', format: 'uri' },
    webhookAuthorization: { type: 'string', minLength: 1, maxLength: 4096 },
    webhookSigningSecret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$' },
    contracts: { type: 'array', items: contract },
    contacts: { type: 'array', items: contact },
  },
} as const;

/** JSON Schema (2020-12) of MERCHANTS_FILE; cross-entry rules are checked in code afterwards. */
export const MERCHANTS_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['merchants'],
  properties: { merchants: { type: 'array', items: merchant } },
} as const;
