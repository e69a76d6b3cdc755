import type { MethodOffer } from '../method/method';
import { HOLD_CAPS, refusalOf } from '../testing';
import { aSession, card, ctxAt, T0 } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { markConfirmSent } from './wallet-confirm';

const applepay: MethodOffer = { id: 'applepay', method: 'applepay', provider: 'fake', capabilities: { ...HOLD_CAPS, confirm: true }, partialRefunds: true };

function withAttempt(methodId: string): { session: Session; attemptId: string } {
  const started = startAttempt(aSession({ methods: [card, applepay] }), { methodId, amount: 4_000 }, ctxAt(T0));
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
    const cardAttempt = withAttempt('card');
    expect(refusalOf(() => markConfirmSent(cardAttempt.session, cardAttempt.attemptId, 'applepay', ctxAt(T0)))).toBe('ConfirmNotApplicable');
  });
});
