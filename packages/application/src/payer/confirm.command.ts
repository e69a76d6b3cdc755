import { assertPayerMayAct, DomainError, type DomainContext, type MethodKind, type Session } from '@splitpay/domain';

/**
 * Records that the payer's in-page wallet confirm (the second leg) is being sent, so that it is sent
 * once. Refusals, in order: AttemptNotFound, SessionNotPending, ConfirmNotApplicable (not an attempt
 * in flight of a confirmable method, of another method than the input's, or already confirmed).
 */
export function markConfirmSent(session: Session, attemptId: string, inputMethod: MethodKind, ctx: DomainContext): Session {
  const attempt = session.attempts.find((a) => a.id === attemptId);
  if (!attempt) throw new DomainError('AttemptNotFound', 'No tranche of the session carries that attemptId');
  assertPayerMayAct(session, ctx);
  const offer = session.methods.find((m) => m.id === attempt.methodId);
  if (!offer?.capabilities.confirm || attempt.method !== inputMethod || attempt.status !== 'AUTHORIZING' || attempt.confirmedAt !== undefined) {
    throw new DomainError('ConfirmNotApplicable', 'This attempt awaits no wallet confirmation');
  }
  return {
    ...session,
    attempts: session.attempts.map((a) => (a.id === attemptId ? { ...a, confirmedAt: ctx.now, updatedAt: ctx.now } : a)),
  };
}
