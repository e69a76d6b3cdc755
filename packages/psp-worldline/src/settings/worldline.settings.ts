import type { ContractSettingSpec } from '@splitpay/domain';

/** The ANCV products: 5403 Chèque-Vacances Connect acquired by Thunes, 5412 acquired by ANCV itself. */
export const ANCV_PRODUCTS = [5403, 5412] as const;
export type AncvProduct = (typeof ANCV_PRODUCTS)[number];
/** The ANCV product whose amount the payer adjusts in the app (sent `adjustableAmount: true`). */
export const ADJUSTABLE_ANCV_PRODUCT: AncvProduct = 5412;
/** A contract without `ancvProductId`: Chèque-Vacances Connect acquired by Thunes. */
export const DEFAULT_ANCV_PRODUCT: AncvProduct = 5403;
export const WERO_PRODUCT = 900;

/** What a Worldline Direct contract declares (secret ones sealed at rest). */
export const WORLDLINE_SETTINGS: readonly ContractSettingSpec[] = [
  { name: 'merchantId', type: 'string', required: true, secret: false, description: 'the PSPID (merchant id) at Worldline Direct' },
  { name: 'apiKeyId', type: 'string', required: true, secret: false, description: 'the API key id of the PSPID' },
  { name: 'secretApiKey', type: 'string', required: true, secret: true, description: 'the secret API key signing each call (GCS v1HMAC)' },
  { name: 'webhookKeyId', type: 'string', required: true, secret: false, description: 'the webhook key id (X-GCS-KeyId)' },
  { name: 'webhookSecret', type: 'string', required: true, secret: true, description: 'the webhook secret key verifying X-GCS-Signature' },
  { name: 'previousWebhookKeyId', type: 'string', required: false, secret: false, requiredWith: 'previousWebhookSecret', description: 'during a rotation, the webhook key id being retired (X-GCS-KeyId)' },
  { name: 'previousWebhookSecret', type: 'string', required: false, secret: true, requiredWith: 'previousWebhookKeyId', description: 'during a rotation, the secret of the webhook key being retired' },
  { name: 'environment', type: 'string', required: true, secret: false, oneOf: ['test', 'live'], description: 'test (preprod) or live' },
  { name: 'ancvProductId', type: 'integer', required: false, secret: false, methods: ['ancv'], description: 'the ANCV product: 5403 (Thunes acquiring, hosted checkout, default) or 5412 (ANCV acquiring)' },
  { name: 'operation', type: 'string', required: false, secret: false, methods: ['wero'], oneOf: ['authorization', 'payment'], description: 'Wero: authorization (a hold, captured later; the default) or payment (taken at once)' },
];

/** One webhook key: the id Worldline sends as X-GCS-KeyId, and its secret. */
export interface WebhookKey {
  readonly keyId: string;
  readonly secret: string;
}

export interface WorldlineSettings {
  readonly merchantId: string;
  readonly apiKeyId: string;
  readonly secretApiKey: string;
  /** The current key, then during a rotation the one being retired. */
  readonly webhookKeys: readonly WebhookKey[];
  readonly environment: 'test' | 'live';
  readonly ancvProductId: AncvProduct;
}

const BASE_URLS = { test: 'https://payment.preprod.direct.worldline-solutions.com', live: 'https://payment.direct.worldline-solutions.com' } as const;

export const worldlineBaseUrl = (settings: Pick<WorldlineSettings, 'environment'>): string => BASE_URLS[settings.environment];

const text = (raw: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const value = raw[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** The typed settings, or the name of the first one missing or unusable. */
export function readWorldlineSettings(raw: Readonly<Record<string, unknown>>): WorldlineSettings | { readonly missing: string } {
  const names = ['merchantId', 'apiKeyId', 'secretApiKey', 'webhookKeyId', 'webhookSecret'] as const;
  for (const name of names) if (!text(raw, name)) return { missing: name };
  const environment = raw.environment;
  if (environment !== 'test' && environment !== 'live') return { missing: 'environment' };
  const product = raw.ancvProductId ?? DEFAULT_ANCV_PRODUCT;
  if (!ANCV_PRODUCTS.includes(product as AncvProduct)) return { missing: 'ancvProductId' };
  const current: WebhookKey = { keyId: text(raw, 'webhookKeyId') as string, secret: text(raw, 'webhookSecret') as string };
  const previousKeyId = text(raw, 'previousWebhookKeyId');
  const previousSecret = text(raw, 'previousWebhookSecret');
  return {
    merchantId: text(raw, 'merchantId') as string,
    apiKeyId: text(raw, 'apiKeyId') as string,
    secretApiKey: text(raw, 'secretApiKey') as string,
    webhookKeys: previousKeyId && previousSecret ? [current, { keyId: previousKeyId, secret: previousSecret }] : [current],
    environment,
    ancvProductId: product as AncvProduct,
  };
}
