import { remainingBalance } from '../rules/remaining-balance.rule';
import { money } from '../money/money';
import { owedOperations } from './owed-operations';
import { refuseOpening } from './refuse-opening';
import { aSession, ctxAt, EUR, T0 } from './session.fixture';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

describe('refuseOpening: the service itself could not open the attempt (no driver serves its method here)', () => {
  it('declines the attempt; its operation failed with the service sentence only, no ack facet, nothing owed', () => {
    const s = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
    const next = refuseOpening(s.session, s.attemptId, { message: 'No driver serves this method', declineCategory: 'method-unavailable' }, ctx);
    const attempt = next.attempts[0]!;
    expect(attempt.status).toBe('DECLINED');
    expect(attempt.declineCategory).toBe('method-unavailable');
    expect(attempt.verdictDueAt).toBeUndefined();
    const opening = attempt.transactions[0]!;
    // Contract: a failure produced by the service itself carries only statusMessage; no driving call answered.
    expect(opening.status).toEqual({ kind: 'failed', statusMessage: 'No driver serves this method' });
    expect(opening.ack).toBeUndefined();
    expect(opening.updatedAt).toBe(ctx.now);
    expect(owedOperations(next, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(remainingBalance(next)).toEqual(money(10_000, EUR));
  });

  it('leaves an attempt a verdict already settled as it is', () => {
    const s = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
    const once = refuseOpening(s.session, s.attemptId, { message: 'No driver serves this method' }, ctx);
    expect(refuseOpening(once, s.attemptId, { message: 'again' }, ctxAt(T0 + 2_000))).toEqual(once);
  });
});
