import { applyFact } from './apply-fact';
import { owedOperations, recordDispatch } from './owed-operations';
import { nextDueAt, nextNotificationAt } from './schedule';
import { ALL_OFFERS, aSession, authorized, ctxAt, lenderPending, pushedOney, T0, TEST_POLICY, TTL } from './session.fixture';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

describe('nextDueAt', () => {
  it('a PENDING session is due at its expiry', () => {
    expect(nextDueAt(aSession(), TEST_POLICY)).toBe(T0 + TTL);
  });

  it('an AUTHORIZING attempt is due at its verdict lookup', () => {
    const { session } = startAttempt(aSession(), { methodId: 'card', amount: 1_000 }, ctx);
    expect(nextDueAt(session, TEST_POLICY)).toBe(ctx.now + TEST_POLICY.verdictOverdueMs);
  });

  it('an owed capture is due once its writer\'s first send can have ended (D90), a retried one at its retry delay', () => {
    const a = startAttempt(aSession(), { methodId: 'card', amount: 10_000 }, ctx);
    const capturing = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    expect(nextDueAt(capturing, TEST_POLICY)).toBe(ctx.now + TEST_POLICY.dispatchCallMs + TEST_POLICY.dispatchAckSaveMs);
    const captureId = owedOperations(capturing, Number.MAX_SAFE_INTEGER)[0]!.transactionId;
    const later = ctxAt(ctx.now + 100);
    const retried = recordDispatch(capturing, captureId, { ack: { outcome: 'unknown' }, facts: [] }, later);
    expect(nextDueAt(retried, TEST_POLICY)).toBe(later.now + TEST_POLICY.dispatchRetryDelaysMs[0]!);
    const sent = recordDispatch(capturing, captureId, { ack: { outcome: 'accepted' }, facts: [] }, ctx);
    // Sent, its verdict awaited from a PSP that cannot be asked: due only for the alert on an overdue verdict (D104).
    expect(nextDueAt(sent, TEST_POLICY)).toBe(ctx.now + TEST_POLICY.verdictOverdueAlertMs);
  });

  it('an AWAITING session whose lender only pushes is due at its wait bound, not at its ttl', () => {
    const a = startAttempt(aSession({ methods: [...ALL_OFFERS, pushedOney] }), { methodId: pushedOney.id, amount: 10_000, plan: { installments: 3, withFees: false } }, ctx);
    const waiting = applyFact(a.session, lenderPending(a.transactionId), ctx);
    expect(nextDueAt(waiting, TEST_POLICY)).toBe(ctx.now + TEST_POLICY.lenderWaitMs);
  });

  it('an AWAITING session whose PSP answers status queries is due at the first lookup of the studied file', () => {
    const a = startAttempt(aSession(), { methodId: 'oney', amount: 10_000, plan: { installments: 3, withFees: false } }, ctx);
    const waiting = applyFact(a.session, lenderPending(a.transactionId), ctx);
    expect(nextDueAt(waiting, TEST_POLICY)).toBe(ctx.now + TEST_POLICY.lenderLookupDelaysMs[0]!);
  });

  it('an ended session owes the session worker nothing: its webhook calendar is its own instant, gone once delivered or abandoned (D108)', () => {
    const a = startAttempt(aSession(), { methodId: 'ancv', amount: 10_000 }, ctx);
    const paid = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    expect(nextDueAt(paid, TEST_POLICY)).toBeUndefined();
    expect(nextNotificationAt(paid)).toBe(ctx.now);
    const delivered = { ...paid, notification: { url: paid.notification!.url } };
    expect(nextNotificationAt(delivered)).toBeUndefined();
    const abandoned = { ...paid, notification: { ...paid.notification!, delivery: { ...paid.notification!.delivery!, abandoned: true } } };
    expect(nextNotificationAt(abandoned)).toBeUndefined();
  });
});
