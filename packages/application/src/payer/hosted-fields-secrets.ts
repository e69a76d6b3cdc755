import type { HostedFieldsView } from '@splitpay/domain';

/** Below this length a secret could match public text by chance: only an equal value counts. */
const SHORTEST_EMBEDDED_SECRET = 8;

/**
 * The names of the hosted-fields values that hold one of the merchant's secret settings (equal to it,
 * or carrying it, as a URL's query might): the view would hand it to every payer's browser.
 */
export function hostedFieldsHoldingSecrets(fields: HostedFieldsView, secrets: readonly string[]): string[] {
  return Object.entries(fields)
    .filter(([, value]) => typeof value === 'string' && secrets.some((secret) => secret.length > 0 && (value === secret || (secret.length >= SHORTEST_EMBEDDED_SECRET && value.includes(secret)))))
    .map(([name]) => name);
}
