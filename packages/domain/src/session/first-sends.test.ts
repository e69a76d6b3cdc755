import { applyFact } from './apply-fact';
import { timeFirstSends } from './first-sends';
import { owedOperations } from './owed-operations';
import { aSession, authorized, ctxAt, T0, TEST_POLICY } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

/** The order split in two holds; the second verdict covers it and owes a capture on each, in one write. */
function coveredBySecondHold(): { before: Session; after: Session } {
  const first = startAttempt(aSession(), { methodId: 'card', amount: 6_000 }, ctx);
  const held = applyFact(first.session, authorized(first.transactionId, 6_000), ctx);
  const second = startAttempt(held, { methodId: 'card', amount: 4_000 }, ctx);
  return { before: second.session, after: applyFact(second.session, authorized(second.transactionId, 4_000), ctx) };
}

const nextAts = (session: Session) => session.attempts.flatMap((a) => a.transactions.flatMap((t) => (t.dispatch?.state === 'owed' ? [t.dispatch.nextAt] : [])));

describe('timeFirstSends', () => {
  it('a write owing two operations has both fall due once its writer can have sent both, one after the other, and saved their acks', () => {
    const { before, after } = coveredBySecondHold();
    expect(owedOperations(after, Number.MAX_SAFE_INTEGER)).toHaveLength(2);
    const timed = timeFirstSends(before, after, ctx.now, TEST_POLICY);
    expect(nextAts(timed)).toEqual([ctx.now + 2 * TEST_POLICY.dispatchCallMs + TEST_POLICY.dispatchAckSaveMs, ctx.now + 2 * TEST_POLICY.dispatchCallMs + TEST_POLICY.dispatchAckSaveMs]);
  });

  it('a write owing one operation is left as it is: due after one call and the save of its ack', () => {
    const a = startAttempt(aSession(), { methodId: 'card', amount: 10_000 }, ctx);
    const covered = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    expect(timeFirstSends(a.session, covered, ctx.now, TEST_POLICY)).toBe(covered);
    expect(nextAts(covered)).toEqual([ctx.now + TEST_POLICY.dispatchCallMs + TEST_POLICY.dispatchAckSaveMs]);
  });

  it('operations an earlier write owed in the same millisecond are not counted, nor moved', () => {
    const { after } = coveredBySecondHold();
    expect(timeFirstSends(after, after, ctx.now, TEST_POLICY)).toBe(after);
  });
});
