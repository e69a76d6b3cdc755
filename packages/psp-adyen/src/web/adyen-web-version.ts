import { ADYEN_WEB_VERSION } from '../settings/adyen-web';

/**
 * Adyen Web's version as its checkout tells it. In 5.x `window.AdyenCheckout` is an async function
 * with no version of its own; the checkout it answers is an instance of Adyen's core class, whose
 * static `version` is `{ version, revision, branch, buildId }` (5.68.0's dist/adyen.js).
 */
export function adyenWebVersionOf(checkout: unknown): string | undefined {
  const version = (checkout as { constructor?: { version?: { version?: unknown } } } | null | undefined)?.constructor?.version?.version;
  return typeof version === 'string' ? version : undefined;
}

const majorOf = (version: string): string => version.split('.')[0] ?? '';

/**
 * Refuses a checkout of another major version than the pinned one, or of none: a page may have its
 * own `window.AdyenCheckout`, which the adapter reuses rather than overwrite; another 5.x is the
 * merchant's choice, another major is another API.
 */
export function assertAdyenWebMajor(checkout: unknown): void {
  const version = adyenWebVersionOf(checkout);
  const major = majorOf(ADYEN_WEB_VERSION);
  if (version !== undefined && majorOf(version) === major) return;
  throw new Error(`window.AdyenCheckout on this page is ${version === undefined ? 'of no Adyen Web version we can read' : `Adyen Web ${version}`}, not ${major}.x: this adapter drives Adyen Web ${ADYEN_WEB_VERSION}`);
}
