import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of the raw body: what the fake PSP puts in its signature header. */
export function signBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of a presented signature against the raw body. */
export function verifyBody(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  const presented = Buffer.from(signature, 'hex');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Constant-time equality of two secrets (API keys); the length leak is accepted, as everywhere. */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
