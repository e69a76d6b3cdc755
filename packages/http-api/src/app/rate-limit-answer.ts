import { createHash, createHmac } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/** The caller's address as every limit counts it (Express's req.ip, TRUST_PROXY applied; IPv6 by /56). */
export function addressOf(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** Whole seconds until the window that refused `req` ends (at least 1): the refusal's Retry-After. */
export function retryAfterSeconds(req: Request, windowMs: number): number {
  const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  return Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
}

/**
 * What a limiter keys on in place of a value the caller typed (an email, a client id): its SHA-256,
 * so that counters kept outside the process (D55) hold no email, nor whatever was typed in its place,
 * and keys stay short whatever length was sent.
 */
export function keyDigestOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * keyDigestOf under a secret every instance shares (HMAC-SHA256 under a key derived from `secret` for
 * this use alone): counters kept in the database then hold nothing that a reader can test a guess
 * against, neither an email nor a password typed into the email field, where a plain SHA-256 is a
 * fast unsalted hash of it (D55).
 */
export function keyedDigestOf(secret: string): (value: string) => string {
  const key = createHmac('sha256', secret).update('splitpay rate-limit keys v1').digest();
  return (value) => createHmac('sha256', key).update(value).digest('base64url');
}
