import type { HostedFieldsView } from '@splitpay/domain';

/** Below this length a secret could match public text by chance: only an equal value counts. */
const SHORTEST_EMBEDDED_SECRET = 8;

/**
 * The names of the hosted-fields values that hold one of the merchant's secret settings (equal to it,
 * or carrying it, as a URL's query might, raw or percent-encoded): the view would hand it to every
 * payer's browser.
 */
export function hostedFieldsHoldingSecrets(fields: HostedFieldsView, secrets: readonly string[]): string[] {
  return Object.entries(fields)
    .filter(([, value]) => typeof value === 'string' && secrets.some((secret) => holds(value, secret)))
    .map(([name]) => name);
}

function holds(value: string, secret: string): boolean {
  if (secret.length === 0) return false;
  const readings = spellingsOf(value);
  if (readings.includes(secret)) return true;
  return secret.length >= SHORTEST_EMBEDDED_SECRET && readings.some((reading) => reading.includes(secret));
}

/**
 * The value as written, and as a URL's reader would decode it: percent escapes (either hex case), and
 * a query's form encoding, where `+` is a space. A base64 secret in a query is written `%2B`, `%2F`,
 * `%3D`, so the raw spelling alone would miss it.
 */
function spellingsOf(value: string): string[] {
  return [value, percentDecoded(value), percentDecoded(value.replace(/\+/g, ' '))];
}

/** Decodes each run of percent escapes on its own, so one malformed escape leaves the rest readable. */
function percentDecoded(value: string): string {
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
