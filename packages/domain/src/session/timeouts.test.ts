import { money } from '../money/money';
import { applyFact } from './apply-fact';
import { overdueAuthorizations, recordLookupOutcome } from './overdue';
import { owedOperations, recordDispatch } from './owed-operations';
import { ALL_OFFERS, aSession, authorized, captured, ctxAt, EUR, lenderPending, pushedOney, refunded, sealedVoucher, T0, TTL, voided } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { expireIfDue, refuseAwaitingIfDue } from './timeouts';

const ctx = ctxAt(T0 + 1_000);
const atExpiry = ctxAt(T0 + TTL);

function granted(session: Session, methodId: string, amount: number) {
  const s = startAttempt(session, { methodId, amount }, ctx);
  return applyFact(s.session, authorized(s.transactionId, amount), ctx);
}

describe('expireIfDue', () => {
  it('does nothing before expiresAt, or on a session that is not PENDING', () => {
    const s = aSession();
    expect(expireIfDue(s, ctxAt(T0 + TTL - 1))).toBe(s);
    const capturing = aSession({ status: 'CAPTURING' });
    expect(expireIfDue(capturing, atExpiry)).toBe(capturing);
    const awaiting = aSession({ status: 'AWAITING', awaitingUntil: T0 + 10 * TTL });
    expect(expireIfDue(awaiting, atExpiry)).toBe(awaiting);
  });

  it('an empty session expires straight to EXPIRED, announced', () => {
    const expired = expireIfDue(aSession(), atExpiry);
    expect(expired).toMatchObject({ status: 'EXPIRED', endedAt: atExpiry.now, captured: money(0, EUR) });
    expect(expired.notification?.delivery).toMatchObject({ notificationId: `${expired.id}:EXPIRED`, nextAttemptAt: atExpiry.now });
  });

  it('EXPIRING voids every hold and refunds every direct payment; EXPIRED once none is on its way', () => {
    const s = granted(granted(aSession(), 'card', 4_000), 'ancv', 3_000);
    const expiring = expireIfDue(s, atExpiry);
    expect(expiring).toMatchObject({ status: 'EXPIRING', captured: money(0, EUR) });
    const [v, r] = owedOperations(expiring, Number.MAX_SAFE_INTEGER);
    expect([v?.type, r?.type]).toEqual(['void', 'refund']);
    const done = applyFact(applyFact(expiring, voided(v!.transactionId), atExpiry), refunded(r!.transactionId), atExpiry);
    expect(done).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
    expect(done.attempts.map((a) => a.status)).toEqual(['VOIDED', 'CAPTURED']);
    expect(done.attempts[1]?.refunded).toEqual(money(3_000, EUR));
  });

  it('a hand-back given up after its retries does not hold the ending; it stays pending and the PSP\'s late verdict settles it', () => {
    const s = granted(granted(aSession(), 'card', 4_000), 'ancv', 3_000);
    const expiring = expireIfDue(s, atExpiry);
    const [v, r] = owedOperations(expiring, Number.MAX_SAFE_INTEGER);
    let now = atExpiry.now;
    let given = applyFact(expiring, voided(v!.transactionId), atExpiry);
    for (let send = 0; send <= atExpiry.policy.dispatchRetryDelaysMs.length; send++) {
      now += 1_000_000;
      given = recordDispatch(given, r!.transactionId, { ack: { outcome: 'unknown', message: 'timeout' }, facts: [] }, ctxAt(now));
    }
    expect(given).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
    const refund = given.attempts[1]!.transactions.find((t) => t.id === r!.transactionId)!;
    expect(refund).toMatchObject({ status: { kind: 'pending' }, dispatch: { state: 'given-up' } });
    expect(given.attempts[1]!.owedToPayer).toBeUndefined();

    const came = applyFact(given, refunded(r!.transactionId), ctxAt(now + 1));
    expect(came.attempts[1]).toMatchObject({ refunded: money(3_000, EUR) });
    expect(came.attempts[1]!.owedToPayer).toBeUndefined();
    const refused = applyFact(given, refunded(r!.transactionId, false), ctxAt(now + 1));
    expect(refused.attempts[1]!.owedToPayer).toMatch(/3000 EUR/);
    expect(refused.status).toBe('EXPIRED');
  });

  it('a hand-back refund the PSP reverses after confirming it: the money is owedToPayer again', () => {
    const s = granted(granted(aSession(), 'card', 4_000), 'ancv', 3_000);
    const expiring = expireIfDue(s, atExpiry);
    const [v, r] = owedOperations(expiring, Number.MAX_SAFE_INTEGER);
    const done = applyFact(applyFact(expiring, voided(v!.transactionId), atExpiry), refunded(r!.transactionId), atExpiry);
    expect(done.attempts[1]).toMatchObject({ refunded: money(3_000, EUR) });
    const reversed = applyFact(done, { kind: 'refunded', success: false, reverses: true, ref: { transactionId: r!.transactionId }, statusCode: 'REFUNDED_REVERSED' }, ctxAt(T0 + TTL + 1));
    expect(reversed.attempts[1]).toMatchObject({ refunded: money(0, EUR), owedToPayer: expect.stringMatching(/3000 EUR/) });
    expect(reversed.status).toBe('EXPIRED');
  });

  it('a direct payment nothing can hand back is recorded owedToPayer and does not hold the ending', () => {
    const s = granted(aSession({ methods: [sealedVoucher], total: money(3_000, EUR) }), 'sealed', 3_000);
    expect(s.status).toBe('PAID');
    const partial = aSession({ methods: [sealedVoucher, ...aSession().methods] });
    const withHold = granted(partial, 'card', 4_000);
    const started = startAttempt(withHold, { methodId: 'sealed', amount: 6_000 }, ctx);
    const expired = expireIfDue(started.session, atExpiry);
    expect(expired.status).toBe('EXPIRING');
    const late = applyFact(expired, authorized(started.transactionId, 6_000), atExpiry);
    expect(late.attempts[1]?.owedToPayer).toMatch(/6000 EUR/);
    expect(late.status).toBe('EXPIRING');
    const done = applyFact(late, voided(owedOperations(late, Number.MAX_SAFE_INTEGER)[0]!.transactionId), atExpiry);
    expect(done).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
  });
});

describe('a capture still due when the session stops', () => {
  function capturingTwoHolds() {
    const a = startAttempt(aSession(), { methodId: 'card', amount: 6_000 }, ctx);
    const s1 = applyFact(a.session, authorized(a.transactionId, 6_000), ctx);
    const b = startAttempt(s1, { methodId: 'paypal', amount: 4_000 }, ctx);
    const capturing = applyFact(b.session, authorized(b.transactionId, 4_000), ctx);
    const [capA, capB] = owedOperations(capturing, Number.MAX_SAFE_INTEGER);
    return { capturing, a, b, capA: capA!, capB: capB! };
  }

  it('a capture never sent is withdrawn and the hold voided instead', () => {
    const { capturing, a, b, capA, capB } = capturingTwoHolds();
    // A's capture fails after the ttl: back to PENDING, expired at once; B's capture was never sent.
    const expiring = applyFact(capturing, captured(capA.transactionId, false), atExpiry);
    expect(expiring.status).toBe('EXPIRING');
    expect(expiring.attempts[1]?.transactions.find((t) => t.id === capB.transactionId)?.status.kind).toBe('cancelled');
    const voids = owedOperations(expiring, Number.MAX_SAFE_INTEGER);
    expect(voids.map((o) => [o.type, o.attemptId])).toEqual([
      ['void', a.attemptId],
      ['void', b.attemptId],
    ]);
    const done = voids.reduce((s, v) => applyFact(s, voided(v.transactionId), atExpiry), expiring);
    expect(done).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
  });

  it('a capture already sent is awaited; what it took is then refunded', () => {
    const { capturing, b, capA, capB } = capturingTwoHolds();
    const sent = recordDispatch(capturing, capB.transactionId, { ack: { outcome: 'accepted' }, facts: [] }, ctx);
    const expiring = applyFact(sent, captured(capA.transactionId, false), atExpiry);
    expect(owedOperations(expiring, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['void']);
    const afterVoid = applyFact(expiring, voided(owedOperations(expiring, Number.MAX_SAFE_INTEGER)[0]!.transactionId), atExpiry);
    expect(afterVoid.status).toBe('EXPIRING');
    const taken = applyFact(afterVoid, captured(capB.transactionId), atExpiry);
    expect(taken.attempts[1]?.status).toBe('CAPTURED');
    const refund = owedOperations(taken, Number.MAX_SAFE_INTEGER)[0]!;
    expect(refund).toMatchObject({ type: 'refund', attemptId: b.attemptId, amount: money(4_000, EUR), target: { transactionId: capB.transactionId } });
    expect(applyFact(taken, refunded(refund.transactionId), atExpiry)).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
  });
});

describe('refuseAwaitingIfDue', () => {
  it('AWAITED_REFUSED once the wait bound passes, every hold voided (a lender that only pushes)', () => {
    const held = granted(aSession({ methods: [...ALL_OFFERS, pushedOney] }), 'card', 4_000);
    const f = startAttempt(held, { methodId: pushedOney.id, amount: 6_000, plan: { installments: 3, withFees: false } }, ctx);
    const waiting = applyFact(f.session, lenderPending(f.transactionId), ctx);
    const bound = waiting.awaitingUntil!;
    expect(refuseAwaitingIfDue(waiting, ctxAt(bound - 1))).toBe(waiting);
    expect(expireIfDue(waiting, ctxAt(bound))).toBe(waiting);
    const refused = refuseAwaitingIfDue(waiting, ctxAt(bound));
    expect(refused).toMatchObject({ status: 'AWAITED_REFUSED', captured: money(0, EUR), endedAt: bound });
    expect(refused.awaitingUntil).toBeUndefined();
    expect(owedOperations(refused, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['void']);
    const lateYes = applyFact(refused, authorized(f.transactionId, 6_000), ctxAt(bound + 5));
    expect(lateYes.status).toBe('AWAITED_REFUSED');
    expect(owedOperations(lateYes, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['void', 'void']);
  });

  it('does nothing on a session that is not AWAITING', () => {
    const s = aSession();
    expect(refuseAwaitingIfDue(s, ctxAt(T0 + 1e12))).toBe(s);
  });
});

describe('overdue authorizations', () => {
  it('lists opening operations past their verdictDueAt; a lookup without verdict reschedules the next', () => {
    const s = startAttempt(aSession(), { methodId: 'card', amount: 1_000 }, ctx);
    const due = s.session.attempts[0]!.verdictDueAt!;
    expect(overdueAuthorizations(s.session, due - 1)).toEqual([]);
    expect(overdueAuthorizations(s.session, due)).toEqual([
      { attemptId: s.attemptId, transactionId: s.transactionId, amount: money(1_000, EUR), target: { transactionId: s.transactionId }, methodId: 'card', method: 'card', provider: 'fake' },
    ]);
    const later = ctxAt(due);
    const still = recordLookupOutcome(s.session, s.attemptId, { facts: [], answered: false }, later);
    expect(still.attempts[0]?.verdictDueAt).toBe(due + later.policy.verdictOverdueMs);
    const muchLater = ctxAt(due + 10 * later.policy.verdictOverdueMs);
    const backedOff = recordLookupOutcome(still, s.attemptId, { facts: [], answered: false }, muchLater);
    expect(backedOff.attempts[0]?.verdictDueAt).toBe(muchLater.now + (muchLater.now - ctx.now));
    const settled = recordLookupOutcome(s.session, s.attemptId, { facts: [authorized(s.transactionId, 1_000)], answered: true }, later);
    expect(settled.attempts[0]?.status).toBe('AUTHORIZED');
    expect(overdueAuthorizations(settled, due + 1e9)).toEqual([]);
  });
});
