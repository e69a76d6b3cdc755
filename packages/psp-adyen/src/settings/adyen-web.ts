/**
 * Adyen Web as our card view loads it: one place for its pinned version, its URLs and the `keyId`
 * naming its environment. Plain strings, no Node or DOM: the driver (hostedFields) and the browser
 * adapter (src/web, bundled by esbuild) both import this file.
 */

/** Adyen Web's version the adapter loads (major 5: `AdyenCheckout(config)` then `checkout.create('card')`). */
export const ADYEN_WEB_VERSION = '5.68.0';

/**
 * Subresource Integrity of that version's files (the same files on test and live), set on the script
 * and stylesheet so that the browser runs nothing else. Published: both values pin sdk/5.68.0 in
 * public merchant code (a Laravel `config/services.php`, ADYEN_WEB_JS_INTEGRITY / ADYEN_WEB_CSS_INTEGRITY,
 * and a Siebel drop-in page's `<script integrity>` / `<link integrity>`); confirmed: they are the
 * sha384 of `dist/adyen.js` and `dist/adyen.css` in the npm package @adyen/adyen-web@5.68.0.
 * A new version needs its own pair, published with it and checked against its npm files the same way.
 */
export const ADYEN_WEB_INTEGRITY = {
  js: 'sha384-U9GX6Oa3W024049K86PYG36/jHjkvUqsRd8Y9cF1CmB92sm4tnjxDXF/tkdcsk6k',
  css: 'sha384-gpOE6R0K50VgXe6u/pyjzkKl4Kr8hXu93KUCTmC4LqbO9mpoGUYsrmeVLcp2eejn',
} as const;

export type AdyenWebEnvironment = 'test' | 'live';

/** Where the service serves the adapter (`window.SplitPayHostedFields`), under its public base URL. */
export const ADYEN_HOSTED_FIELDS_PATH = '/psp/adyen/hosted-fields.js';

/**
 * The adapter's entry, as a path in the checkout: the server finds it (walking up from a compiled
 * build, where sources are not copied), bundles it as a browser script and serves it at ADYEN_HOSTED_FIELDS_PATH.
 */
export const ADYEN_HOSTED_FIELDS_ENTRY = 'packages/psp-adyen/src/web/hosted-fields.entry.ts';

/**
 * The query parameter of the adapter's URL (the card view's `sdkUrl`) that turns Adyen Web's analytics
 * on (`?analytics=on`); without it the adapter creates the checkout with `analytics: { enabled: false }`.
 * The operator's choice (ADYEN_WEB_ANALYTICS) reaches the payer's page this way: the served adapter stays one file.
 */
export const ADYEN_WEB_ANALYTICS_PARAM = 'analytics';

/** Where the card view loads our adapter: under the service's public base URL, saying whether Adyen Web's analytics are on. */
export function adyenHostedFieldsUrl(publicBaseUrl: string, analytics: boolean): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${ADYEN_HOSTED_FIELDS_PATH}${analytics ? `?${ADYEN_WEB_ANALYTICS_PARAM}=on` : ''}`;
}

const KEY_ID_PREFIX = 'adyen-web-';

/** The `keyId` of the card view's hostedFields: Adyen Web's environment, named. */
export function adyenWebKeyId(environment: AdyenWebEnvironment): string {
  return `${KEY_ID_PREFIX}${environment}`;
}

/** The environment a `keyId` names; undefined for any other key id. */
export function adyenWebEnvironmentOf(keyId: string): AdyenWebEnvironment | undefined {
  return keyId === adyenWebKeyId('test') ? 'test' : keyId === adyenWebKeyId('live') ? 'live' : undefined;
}

const sdkBase = (environment: AdyenWebEnvironment): string => `https://checkoutshopper-${environment}.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}`;

/** Adyen Web's script for the environment (registers `window.AdyenCheckout`). */
export function adyenWebSdkUrl(environment: AdyenWebEnvironment): string {
  return `${sdkBase(environment)}/adyen.js`;
}

/** Adyen Web's stylesheet for the environment. */
export function adyenWebStylesheetUrl(environment: AdyenWebEnvironment): string {
  return `${sdkBase(environment)}/adyen.css`;
}
