import type { ContractSettingSpec } from '@splitpay/domain';

/** The contract settings provider `adyen` reads (checked in the merchants file, the secret ones sealed). */
export const ADYEN_SETTINGS: readonly ContractSettingSpec[] = [
  { name: 'apiKey', type: 'string', required: true, secret: true, description: 'the Checkout API key (X-API-Key) of the web service user' },
  { name: 'merchantAccount', type: 'string', required: true, secret: false, description: 'the merchant account at Adyen' },
  { name: 'hmacKey', type: 'string', required: true, secret: true, pattern: '[0-9A-Fa-f]{64}', description: 'the HMAC key of the standard webhook, 64 hex characters' },
  { name: 'clientKey', type: 'string', required: true, secret: false, pattern: '(test|live)_[A-Za-z0-9]+', description: 'the public client key Adyen Web loads with (test_... or live_...)' },
  { name: 'environment', type: 'string', required: true, secret: false, oneOf: ['test', 'live'], description: 'test or live' },
  {
    name: 'liveUrlPrefix',
    type: 'string',
    required: false,
    requiredWhen: { setting: 'environment', equals: 'live' },
    secret: false,
    pattern: '[A-Za-z0-9-]+',
    description: 'the live endpoint prefix of the company account (Customer Area, Developers > API URLs)',
  },
  {
    name: 'threeDS',
    type: 'string',
    required: false,
    secret: false,
    oneOf: ['native', 'redirect'],
    methods: ['card'],
    description: "card 3-D Secure 2: native (the default: run in the payer's page, whose CSP must allow the issuers' frames, D59) or redirect (always leave the page)",
  },
  { name: 'merchantIdentifier', type: 'string', required: true, secret: false, methods: ['applepay'], description: 'the Apple Pay merchant identifier (merchant.com.example)' },
  { name: 'displayName', type: 'string', required: true, secret: false, methods: ['applepay'], description: 'the name the Apple Pay sheet shows (at most 64 characters)' },
];

/** The settings a call needs, read from the contract's (already checked at start). */
export interface AdyenSettings {
  readonly apiKey: string;
  readonly merchantAccount: string;
  readonly hmacKey: string;
  readonly clientKey: string;
  readonly environment: 'test' | 'live';
  readonly liveUrlPrefix?: string;
  readonly merchantIdentifier?: string;
  readonly displayName?: string;
  /** Card 3-D Secure 2: `native` (absent: native) or `redirect`. */
  readonly threeDS?: 'native' | 'redirect';
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The typed settings, or the name of the first one missing (never a value). */
export function readAdyenSettings(settings: Readonly<Record<string, unknown>>): AdyenSettings | { readonly missing: string } {
  const apiKey = str(settings.apiKey);
  const merchantAccount = str(settings.merchantAccount);
  const hmacKey = str(settings.hmacKey);
  const clientKey = str(settings.clientKey);
  const environment = settings.environment === 'live' ? 'live' : settings.environment === 'test' ? 'test' : undefined;
  const liveUrlPrefix = str(settings.liveUrlPrefix);
  if (!apiKey) return { missing: 'apiKey' };
  if (!merchantAccount) return { missing: 'merchantAccount' };
  if (!hmacKey) return { missing: 'hmacKey' };
  if (!clientKey) return { missing: 'clientKey' };
  if (!environment) return { missing: 'environment' };
  if (environment === 'live' && !liveUrlPrefix) return { missing: 'liveUrlPrefix' };
  const merchantIdentifier = str(settings.merchantIdentifier);
  const displayName = str(settings.displayName);
  const threeDS = settings.threeDS === 'redirect' ? 'redirect' : settings.threeDS === 'native' ? 'native' : undefined;
  return {
    apiKey,
    merchantAccount,
    hmacKey,
    clientKey,
    environment,
    ...(liveUrlPrefix ? { liveUrlPrefix } : {}),
    ...(merchantIdentifier ? { merchantIdentifier } : {}),
    ...(displayName ? { displayName } : {}),
    ...(threeDS ? { threeDS } : {}),
  };
}

/** The Checkout API base URL: test, or the company's live prefix (live adds a /checkout segment). */
export function checkoutBaseUrl(settings: Pick<AdyenSettings, 'environment' | 'liveUrlPrefix'>): string {
  return settings.environment === 'live' ? `https://${settings.liveUrlPrefix}-checkout-live.adyenpayments.com/checkout/v71` : 'https://checkout-test.adyen.com/v71';
}
