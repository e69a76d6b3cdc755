import { startAttempt, type Session } from '@splitpay/domain';
import { refusalOf } from '@splitpay/domain/src/testing';
import { markConfirmSent } from './confirm.command';
import { aSession, ctxAt, T0 } from './payer.fixture';

function withAttempt(methodId: string): { session: Session; attemptId: string } {
  const started = startAttempt(aSession(), { methodId, amount: 4_000 }, ctxAt(T0));
  return { session: started.session, attemptId: started.attemptId };
}

describe('markConfirmSent', () => {
  it('marks the applepay attempt in flight as confirmed, once', () => {
    const { session, attemptId } = withAttempt('applepay');
    const marked = markConfirmSent(session, attemptId, 'applepay', ctxAt(T0 + 5));
    expect(marked.attempts[0]?.confirmedAt).toBe(T0 + 5);
    expect(refusalOf(() => markConfirmSent(marked, attemptId, 'applepay', ctxAt(T0 + 6)))).toBe('ConfirmNotApplicable');
  });

  it('refuses, in order: AttemptNotFound, SessionNotPending, ConfirmNotApplicable', () => {
    const { session, attemptId } = withAttempt('applepay');
    const aborted: Session = { ...session, status: 'ABORTING' };
    expect(refusalOf(() => markConfirmSent(aborted, '0190c0de-0000-7000-8000-999999999999', 'applepay', ctxAt(T0)))).toBe('AttemptNotFound');
    expect(refusalOf(() => markConfirmSent(aborted, attemptId, 'applepay', ctxAt(T0)))).toBe('SessionNotPending');
    expect(refusalOf(() => markConfirmSent(session, attemptId, 'applepay', ctxAt(session.expiresAt)))).toBe('SessionNotPending');
    const card = withAttempt('card');
    expect(refusalOf(() => markConfirmSent(card.session, card.attemptId, 'applepay', ctxAt(T0)))).toBe('ConfirmNotApplicable');
  });
});
