import { DomainError, type DerivedElementsTokens, type Logger, type Session, type TokenMinter } from '@splitpay/domain';
import type { SessionCreated } from './session-created';

/**
 * The answer to a creation whose idempotency key already names `existing` (docs/decisions.md D63):
 * the first answer again when the request is the same, and the token can still be derived from the
 * session's salt (it cannot once the signing key was rotated); IdempotencyKeyConflict otherwise.
 */
export function replayCreation(
  existing: Session,
  requestDigest: string,
  deps: { readonly derivedTokens: DerivedElementsTokens; readonly tokens: Pick<TokenMinter, 'digest'>; readonly logger: Logger },
): SessionCreated {
  const stored = existing.idempotency;
  if (!stored || stored.requestDigest !== requestDigest) {
    throw new DomainError('IdempotencyKeyConflict', 'The idempotency-key already names another session request');
  }
  const elementsToken = deps.derivedTokens.tokenOf(stored.tokenSalt);
  if (deps.tokens.digest(elementsToken) !== existing.elementsTokenHash) {
    throw new DomainError(
      'IdempotencyKeyConflict',
      'The idempotency-key names a session created before the signing key was rotated: its elements token cannot be answered again; create the session under another key',
    );
  }
  deps.logger.info('session.creation_replayed', { merchantId: existing.merchantId, sessionId: existing.id });
  return { elementsToken, sessionId: existing.id, expiresAt: existing.expiresAt };
}
