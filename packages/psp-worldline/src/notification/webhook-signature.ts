import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookKey } from '../settings/worldline.settings';

/** X-GCS-Signature: base64(HMAC-SHA256(webhook secret as UTF-8, raw body bytes)). */
export function webhookSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody, 'utf8').digest('base64');
}

/** Whether `signature` is the body's, compared in constant time. */
export function isWebhookSignature(secret: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the body was signed with one of the contract's webhook keys: the key is picked by the
 * X-GCS-KeyId Worldline sent (several are held during a rotation), then its signature compared in
 * constant time. Never the secrets themselves in the verdict.
 */
export function webhookKeyVerdict(keys: readonly WebhookKey[], keyId: string, rawBody: string, signature: string): 'verified' | 'unknown-key' | 'not-signed-by-key' {
  const named = keys.filter((key) => key.keyId === keyId);
  if (named.length === 0) return 'unknown-key';
  return named.some((key) => isWebhookSignature(key.secret, rawBody, signature)) ? 'verified' : 'not-signed-by-key';
}
