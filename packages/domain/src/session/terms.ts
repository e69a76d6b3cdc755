import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import type { Session } from './session.model';

/**
 * Records the payer's consent to the declared terms, once: a repeated call keeps the first instant
 * and returns the same session. A session that declared no terms records nothing. Refusal:
 * SessionNotPending.
 */
export function acceptTerms(session: Session, ctx: DomainContext): Session {
  assertPayerMayAct(session, ctx);
  if (!session.terms?.length || session.termsAcceptedAt !== undefined) return session;
  return { ...session, termsAcceptedAt: ctx.now };
}
