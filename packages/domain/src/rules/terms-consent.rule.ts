import type { Session } from '../session/session.model';

/** The session declared terms the payer must accept, in one gesture, before the first tranche. */
export function declaresTerms(session: Session): boolean {
  return (session.terms?.length ?? 0) > 0;
}

/** Terms are settled: none were declared, or consent was recorded. */
export function termsSettled(session: Session): boolean {
  return !declaresTerms(session) || session.termsAcceptedAt !== undefined;
}
