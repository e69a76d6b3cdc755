import { DomainError } from '../errors/domain-error';

/** The contract's shortest session lifetime. */
export const MIN_SESSION_TTL_MS = 1000;

/**
 * The longest session lifetime (docs/decisions.md D105): 24 hours. A hold taken early in the session
 * waits, uncaptured, for the rest of the order until the session ends; it must still be capturable
 * then, and card holds lapse at the issuer after a few days (PayPal's honour period is 3 days).
 */
export const MAX_SESSION_TTL_MS = 24 * 60 * 60_000;

/** InvalidRequest: a lifetime outside the contract's floor and the service's ceiling, so expiresAt is always a real, safe time. */
export function checkSessionTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < MIN_SESSION_TTL_MS || ttlMs > MAX_SESSION_TTL_MS) {
    throw new DomainError('InvalidRequest', `ttlMs must be an integer from ${MIN_SESSION_TTL_MS} to ${MAX_SESSION_TTL_MS} (24 hours)`);
  }
}
