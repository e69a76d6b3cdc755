import { DomainError } from '../errors/domain-error';

/** The contract's shortest session lifetime. */
export const MIN_SESSION_TTL_MS = 1000;

/** The last time JavaScript's Date can hold, in ms since 1970 (ECMAScript's time range). */
export const LAST_TIME_MS = 8.64e15;

/**
 * The longest lifetime any request may name: the contract sets no maximum (D105-a), so the only bound
 * is that expiresAt stays a time JavaScript can hold. A lifetime above this one passes it whatever the
 * clock says; the exact bound depends on the creation's clock (checkSessionTtl).
 */
export const MAX_SESSION_TTL_MS = LAST_TIME_MS;

/** InvalidRequest: a lifetime under the contract's floor, or one that would put expiresAt past the last time a Date can hold. */
export function checkSessionTtl(ttlMs: number, now: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < MIN_SESSION_TTL_MS) {
    throw new DomainError('InvalidRequest', `ttlMs must be an integer of at least ${MIN_SESSION_TTL_MS}`);
  }
  if (ttlMs > LAST_TIME_MS - now) {
    throw new DomainError('InvalidRequest', `ttlMs must be at most ${LAST_TIME_MS - now}: expiresAt would pass the last representable time (${LAST_TIME_MS} ms since 1970)`);
  }
}
