import type { ContractSettingSpec, PlanKey } from '@splitpay/domain';

const CODE = { type: 'string', required: false, secret: false, pattern: '[A-Za-z0-9_-]{1,32}' } as const;

/** The contract settings provider `oney` reads (checked in the merchants file, the secret ones sealed). */
export const ONEY_SETTINGS: readonly ContractSettingSpec[] = [
  { name: 'apiKey', type: 'string', required: true, secret: true, description: 'the payment API key Oney issues (X-Oney-Authorization)' },
  { name: 'merchantGuid', type: 'string', required: true, secret: false, description: 'the merchant guid at Oney (per environment and country)' },
  { name: 'pspGuid', type: 'string', required: true, secret: false, description: 'the PSP guid at Oney (per environment and country)' },
  {
    name: 'countryCode',
    type: 'string',
    required: true,
    secret: false,
    oneOf: ['FR', 'BE', 'IT', 'SP', 'PT', 'RO'],
    // A national contract (`nation`) must be of the same country; Oney writes Spain SP, ISO ES.
    nation: { codes: { SP: 'ES' } },
    description: "Oney's partner country code (Spain is SP)",
  },
  { ...CODE, name: 'businessTransaction3x', description: 'the business transaction code of the 3x plan without fees' },
  { ...CODE, name: 'businessTransaction3xWithFees', description: 'the business transaction code of the 3x plan with fees' },
  { ...CODE, name: 'businessTransaction4x', description: 'the business transaction code of the 4x plan without fees' },
  { ...CODE, name: 'businessTransaction4xWithFees', description: 'the business transaction code of the 4x plan with fees' },
  { name: 'environment', type: 'string', required: true, secret: false, oneOf: ['staging', 'production'], description: 'staging or production' },
  {
    name: 'notificationEncryptionKey',
    type: 'string',
    required: false,
    secret: true,
    pattern: '[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{43}=',
    description: "the base64 AES key (128 or 256 bits) Oney encrypts its notifications with, when encryption is on",
  },
];

export type OneyEnvironment = 'staging' | 'production';

/** The settings a call needs, read from the contract's (already checked at start). */
export interface OneySettings {
  readonly apiKey: string;
  readonly merchantGuid: string;
  readonly pspGuid: string;
  readonly countryCode: string;
  readonly environment: OneyEnvironment;
  readonly businessTransactions: Readonly<Record<string, string>>;
  readonly notificationEncryptionKey?: string;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The settings name holding the product code of a plan (`businessTransaction4xWithFees`). */
export const planSettingName = (plan: PlanKey): string => `businessTransaction${plan.installments}x${plan.withFees ? 'WithFees' : ''}`;

/** The typed settings, or the name of the first one missing (never a value). */
export function readOneySettings(settings: Readonly<Record<string, unknown>>): OneySettings | { readonly missing: string } {
  const apiKey = str(settings.apiKey);
  const merchantGuid = str(settings.merchantGuid);
  const pspGuid = str(settings.pspGuid);
  const countryCode = str(settings.countryCode);
  const environment = settings.environment === 'production' ? 'production' : settings.environment === 'staging' ? 'staging' : undefined;
  if (!apiKey) return { missing: 'apiKey' };
  if (!merchantGuid) return { missing: 'merchantGuid' };
  if (!pspGuid) return { missing: 'pspGuid' };
  if (!countryCode) return { missing: 'countryCode' };
  if (!environment) return { missing: 'environment' };
  const businessTransactions = Object.fromEntries(
    Object.entries(settings).filter(([name, value]) => name.startsWith('businessTransaction') && str(value)).map(([name, value]) => [name, value as string]),
  );
  const notificationEncryptionKey = str(settings.notificationEncryptionKey);
  return { apiKey, merchantGuid, pspGuid, countryCode, environment, businessTransactions, ...(notificationEncryptionKey ? { notificationEncryptionKey } : {}) };
}

/** The payment API base URL of the environment. */
export function oneyBaseUrl(environment: OneyEnvironment): string {
  return environment === 'production' ? 'https://api.oney.io' : 'https://oney-staging.azure-api.net/staging';
}

/** The currency Oney lends in under a contract: the Romanian leu in Romania, the euro elsewhere. */
export const currencyOf = (countryCode: string): string => (countryCode === 'RO' ? 'RON' : 'EUR');
