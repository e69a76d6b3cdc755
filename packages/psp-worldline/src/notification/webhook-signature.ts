import { createHmac, timingSafeEqual } from 'node:crypto';

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
