import type { Attempt } from '../attempt/attempt.model';
import { money } from '../money/money';
import type { PspFact } from '../psp/psp-fact';
import { attemptInFlight } from '../rules/attempt-in-flight.rule';
import { isAwaitingPartialDecision } from '../rules/partial-grant.rule';
import { refundable } from '../rules/refundable.rule';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { refusalOf } from '../testing';
import { sessionView } from '../view/session-view';
import type { Transaction } from '../transaction/transaction.model';
import { applyFact, applyFacts } from './apply-fact';
import { owedOperations } from './owed-operations';
import { acceptPartial } from './partial-decision';
import { abandonAttempt } from './payer-decisions';
import {
  ALL_OFFERS,
  aSession,
  authorized,
  cancelledByPayer,
  captured,
  ctxAt,
  declined,
  EUR,
  lenderPending,
  pushedOney,
  refunded,
  T0,
  TTL,
  voided,
} from './session.fixture';
import type { Session } from './session.model';
import { startAttempt, type StartAttemptInput } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

function start(session: Session, methodId: string, amount: number, extra: Partial<StartAttemptInput> = {}) {
  return startAttempt(session, { methodId, amount, ...extra }, ctx);
}
function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}
const ofType = (a: Attempt | undefined, type: Transaction['type']) => a?.transactions.filter((t) => t.type === type) ?? [];

describe('applyFact: authorization verdicts', () => {
  it('a full grant on a hold settles the attempt AUTHORIZED and records scheme, reference, codes (the alias: card-alias.test.ts)', () => {
    const s = start(aSession(), 'card', 4_000);
    const next = applyFact(s.session, authorized(s.transactionId, 4_000, { cardScheme: 'visa', providerRef: 'psp-1', statusCode: '00', statusMessage: 'Approved' }), ctx);
    const attempt = next.attempts[0]!;
    expect(attempt).toMatchObject({ status: 'AUTHORIZED', granted: money(4_000, EUR), cardScheme: 'visa' });
    expect(attempt.verdictDueAt).toBeUndefined();
    expect(attempt.transactions[0]).toMatchObject({ providerRef: 'psp-1', status: { kind: 'succeeded', statusCode: '00', statusMessage: 'Approved' } });
    expect(remainingBalance(next)).toEqual(money(6_000, EUR));
    expect(next.status).toBe('PENDING');
  });

  it('records a card scheme on card attempts only, even when the PSP names the network behind another method', () => {
    const s = start(aSession(), 'paypal', 4_000);
    const next = applyFact(s.session, authorized(s.transactionId, 4_000, { cardScheme: 'mastercard', providerRef: 'psp-2' }), ctx);
    expect(next.attempts[0]).toMatchObject({ method: 'paypal', status: 'AUTHORIZED' });
    expect(next.attempts[0]).not.toHaveProperty('cardScheme');
  });

  it('a duplicate or contradicting verdict for a final operation returns the same session', () => {
    const s = start(aSession(), 'card', 4_000);
    const once = applyFact(s.session, authorized(s.transactionId, 4_000), ctx);
    expect(applyFact(once, authorized(s.transactionId, 4_000), ctx)).toBe(once);
    expect(applyFact(once, declined(s.transactionId), ctx)).toBe(once);
  });

  it('a verdict for an operation the session does not hold, or a chargeback, changes nothing', () => {
    const s = start(aSession(), 'card', 4_000);
    expect(applyFact(s.session, authorized('0190a000-0000-7000-8000-ffffffffffff', 4_000), ctx)).toBe(s.session);
    const chargeback: PspFact = { kind: 'chargeback', providerRef: 'psp-1', type: 'chargeback', amount: money(1, EUR), date: '2024-01-01' };
    expect(applyFact(s.session, chargeback, ctx)).toBe(s.session);
  });

  it('finds the operation by the PSP reference when the transaction id is not echoed', () => {
    const s = start(aSession(), 'card', 4_000);
    const withRef = applyFact(s.session, { kind: 'lender-pending', ref: { transactionId: s.transactionId }, providerRef: 'psp-9' }, ctx);
    const next = applyFact(withRef, { kind: 'declined', ref: { providerRef: 'psp-9' }, category: 'expired' }, ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'DECLINED', declineCategory: 'expired' });
  });

  it('declined: DECLINED with the category, the operation failed', () => {
    const s = start(aSession(), 'card', 4_000);
    const next = applyFact(s.session, declined(s.transactionId), ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'DECLINED', declineCategory: 'insufficient-funds' });
    expect(next.attempts[0]?.transactions[0]?.status).toEqual({ kind: 'failed', category: 'insufficient-funds' });
  });

  it('cancelled-by-payer: CANCELLED, the operation cancelled', () => {
    const s = start(aSession(), 'paypal', 4_000);
    const next = applyFact(s.session, cancelledByPayer(s.transactionId), ctx);
    expect(next.attempts[0]?.status).toBe('CANCELLED');
    expect(next.attempts[0]?.transactions[0]?.status.kind).toBe('cancelled');
  });

  it('a lower grant chosen by the payer is settled as a chosen partial', () => {
    const s = start(aSession(), 'ancv', 4_000);
    const next = applyFact(s.session, authorized(s.transactionId, 2_500, { chosenByPayer: true }), ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', granted: money(2_500, EUR) });
    expect(remainingBalance(next)).toEqual(money(7_500, EUR));
  });

  it('a lower grant on a method that allows it is a mandated partial awaiting the payer', () => {
    const s = start(aSession(), 'card', 4_000);
    const next = applyFact(s.session, authorized(s.transactionId, 3_000), ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'AUTHORIZED', partialAuth: 'mandated' });
    expect(next.attempts[0]?.partialAcceptedAt).toBeUndefined();
  });

  it('a lower grant on a method without partial authorization is refused: a void owed, VOIDED once voided, marked mandated', () => {
    const s = start(aSession(), 'strict-card', 4_000);
    const refused = applyFact(s.session, authorized(s.transactionId, 3_000), ctx);
    const attempt = refused.attempts[0]!;
    // The issuer lowered it: the merchant reads why the attempt failed (docs/decisions.md, lower grants).
    expect(attempt).toMatchObject({ status: 'AUTHORIZED', granted: money(3_000, EUR), partialAuth: 'mandated', releasedAt: ctx.now });
    expect(attempt.declineCategory).toBeUndefined();
    expect(remainingBalance(refused)).toEqual(money(10_000, EUR));
    const voidOp = only(owedOperations(refused, Number.MAX_SAFE_INTEGER));
    expect(voidOp).toMatchObject({ type: 'void', amount: money(3_000, EUR), target: { transactionId: s.transactionId } });
    const released = applyFact(refused, voided(voidOp.transactionId), ctx);
    expect(released.attempts[0]).toMatchObject({ status: 'VOIDED', granted: money(3_000, EUR), partialAuth: 'mandated' });
  });

  it('a refused lower grant offers the payer no decision: nothing in flight, accept-partial inapplicable, not refundable', () => {
    const s = start(aSession(), 'strict-card', 4_000);
    const refused = applyFact(s.session, authorized(s.transactionId, 3_000), ctx);
    const attemptId = s.attemptId;
    expect(isAwaitingPartialDecision(refused.attempts[0]!)).toBe(false);
    expect(attemptInFlight(refused)).toBeUndefined();
    expect(refusalOf(() => acceptPartial(refused, attemptId, ctx))).toBe('PartialAcceptanceNotApplicable');
    expect(sessionView(refused, { now: ctx.now }).attempts[0]).toMatchObject({ partialAuth: 'mandated', awaitingPartialDecision: false });
    expect(refundable(refused.attempts[0]!)).toEqual(money(0, EUR));
    expect(refused.captured).toEqual(money(0, EUR));
    // The payer may pay at once with another method.
    expect(() => startAttempt(refused, { methodId: 'card', amount: 10_000 }, ctx)).not.toThrow();
  });

  it('on an order that registers the payer means, any lower grant is refused (no split), marked with who lowered it', () => {
    const s = start(aSession({ mustCreateAlias: true }), 'card', 10_000);
    const next = applyFact(s.session, authorized(s.transactionId, 6_000), ctx);
    expect(ofType(next.attempts[0], 'void')).toHaveLength(1);
    expect(next.attempts[0]?.partialAuth).toBe('mandated');
    expect(remainingBalance(next)).toEqual(money(10_000, EUR));
    const chosen = start(aSession({ mustCreateAlias: true }), 'card', 10_000);
    expect(applyFact(chosen.session, authorized(chosen.transactionId, 6_000, { chosenByPayer: true }), ctx).attempts[0]).toMatchObject({
      partialAuth: 'chosen',
      releasedAt: ctx.now,
    });
  });

  it('a lower direct payment the payer did not choose is handed back (refund owed), marked mandated', () => {
    const s = start(aSession(), 'ancv', 4_000);
    const next = applyFact(s.session, authorized(s.transactionId, 3_000), ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'mandated', releasedAt: ctx.now });
    expect(only(owedOperations(next, Number.MAX_SAFE_INTEGER))).toMatchObject({ type: 'refund', amount: money(3_000, EUR) });
    expect(remainingBalance(next)).toEqual(money(10_000, EUR));
  });

  it('a zero grant is refused without naming anyone: nothing was granted', () => {
    const s = start(aSession(), 'card', 4_000);
    expect(applyFact(s.session, authorized(s.transactionId, 0), ctx).attempts[0]?.partialAuth).toBeUndefined();
  });

  it("a lower grant is what the opening operation moved: its amount is the grant, the request stays the attempt's", () => {
    const hold = start(aSession(), 'card', 4_000);
    const held = applyFact(hold.session, authorized(hold.transactionId, 3_000), ctx).attempts[0]!;
    expect(held.transactions[0]?.amount).toEqual(money(3_000, EUR));
    expect(held.requested).toEqual(money(4_000, EUR));
    const sale = start(aSession(), 'ancv', 4_000);
    const paid = applyFact(sale.session, authorized(sale.transactionId, 2_500, { chosenByPayer: true }), ctx).attempts[0]!;
    expect(paid.transactions[0]).toMatchObject({ type: 'payment', amount: money(2_500, EUR) });
    const over = start(aSession(), 'card', 4_000);
    expect(applyFact(over.session, authorized(over.transactionId, 9_000), ctx).attempts[0]?.transactions[0]?.amount).toEqual(money(4_000, EUR));
  });

  it('a grant above the request counts as the request', () => {
    const s = start(aSession(), 'card', 4_000);
    expect(applyFact(s.session, authorized(s.transactionId, 9_000), ctx).attempts[0]?.granted).toEqual(money(4_000, EUR));
  });
});

describe('applyFact: coverage, captures, PAID', () => {
  it('covered by holds: CAPTURING with a capture owed on every AUTHORIZED hold, then PAID once every capture succeeded', () => {
    const a = start(aSession(), 'card', 6_000);
    const s1 = applyFact(a.session, authorized(a.transactionId, 6_000), ctx);
    const b = start(s1, 'paypal', 4_000);
    const covered = applyFact(b.session, authorized(b.transactionId, 4_000), ctx);
    expect(covered.status).toBe('CAPTURING');
    const captures = owedOperations(covered, Number.MAX_SAFE_INTEGER);
    expect(captures.map((c) => [c.type, c.amount.amount])).toEqual([
      ['capture', 6_000],
      ['capture', 4_000],
    ]);
    const half = applyFact(covered, captured(captures[0]!.transactionId), ctx);
    expect(half.status).toBe('CAPTURING');
    expect(half.attempts[0]?.status).toBe('CAPTURED');
    const paid = applyFact(half, captured(captures[1]!.transactionId), ctx);
    expect(paid).toMatchObject({ status: 'PAID', captured: money(10_000, EUR), endedAt: ctx.now });
    expect(paid.notification?.delivery).toMatchObject({
      url: 'https://merchant.example/hook',
      notificationId: `${paid.id}:PAID`,
      failures: 0,
      abandoned: false,
      nextAttemptAt: ctx.now,
    });
    expect(paid.notification?.delivery?.payload).toMatchObject({ event: 'session-ended', status: 'PAID', captured: { amount: 10_000, currency: 'EUR' } });
  });

  it('covered by direct payments only: straight to PAID, no notification owed without an address', () => {
    const a = start(aSession({ notification: undefined }), 'ancv', 10_000);
    const paid = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    expect(paid).toMatchObject({ status: 'PAID', captured: money(10_000, EUR), endedAt: ctx.now });
    expect(paid.notification).toBeUndefined();
  });

  it('a mixed order captures only the holds; captured counts the direct payment too', () => {
    const a = start(aSession(), 'ancv', 3_000);
    const s1 = applyFact(a.session, authorized(a.transactionId, 3_000), ctx);
    expect(s1.captured).toEqual(money(3_000, EUR));
    const b = start(s1, 'card', 7_000);
    const covered = applyFact(b.session, authorized(b.transactionId, 7_000), ctx);
    const capture = only(owedOperations(covered, Number.MAX_SAFE_INTEGER));
    expect(capture).toMatchObject({ type: 'capture', attemptId: b.attemptId });
    expect(applyFact(covered, captured(capture.transactionId), ctx)).toMatchObject({ status: 'PAID', captured: money(10_000, EUR) });
  });

  it('a failed capture hands the hold back and the session returns to PENDING for the rest', () => {
    const a = start(aSession(), 'card', 10_000);
    const covered = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    const capture = only(owedOperations(covered, Number.MAX_SAFE_INTEGER));
    const failed = applyFact(covered, captured(capture.transactionId, false), ctx);
    expect(failed.status).toBe('PENDING');
    expect(remainingBalance(failed)).toEqual(money(10_000, EUR));
    expect(only(owedOperations(failed, Number.MAX_SAFE_INTEGER)).type).toBe('void');
  });

  it('an undecided mandated partial keeps the order from being covered', () => {
    const a = start(aSession(), 'card', 10_000);
    const partial = applyFact(a.session, authorized(a.transactionId, 4_000), ctx);
    const b = applyFacts(partial, [], ctx);
    expect(b.status).toBe('PENDING');
  });
});

describe('applyFact: financing and AWAITING', () => {
  const plan = { installments: 3, withFees: false };

  it('a studied file that would cover the balance makes the session wait, bounded by lenderWaitMs', () => {
    const a = start(aSession(), 'oney', 10_000, { plan });
    const waiting = applyFact(a.session, lenderPending(a.transactionId), ctx);
    expect(waiting).toMatchObject({ status: 'AWAITING', awaitingUntil: ctx.now + ctx.policy.lenderWaitMs });
    expect(waiting.attempts[0]).toMatchObject({ status: 'AUTHORIZING', lenderStudying: true });
    // Its PSP answers status queries: the overdue lookup gives way to the study's cadence.
    expect(waiting.attempts[0]?.verdictDueAt).toBe(ctx.now + ctx.policy.lenderLookupDelaysMs[0]!);
    expect(applyFact(waiting, lenderPending(a.transactionId), ctx)).toBe(waiting);
  });

  it('a studied file whose PSP answers no status query is not looked up: the lender pushes', () => {
    const a = start(aSession({ methods: [...ALL_OFFERS, pushedOney] }), pushedOney.id, 10_000, { plan });
    const waiting = applyFact(a.session, lenderPending(a.transactionId), ctx);
    expect(waiting.status).toBe('AWAITING');
    expect(waiting.attempts[0]?.verdictDueAt).toBeUndefined();
  });

  it('a studied file that does not cover the balance leaves the session PENDING', () => {
    const a = start(aSession(), 'oney', 6_000, { plan });
    const next = applyFact(a.session, lenderPending(a.transactionId), ctx);
    expect(next.status).toBe('PENDING');
    expect(next.attempts[0]?.lenderStudying).toBe(true);
  });

  it('the lender accepts: AWAITING -> CAPTURING -> PAID', () => {
    const a = start(aSession(), 'oney', 10_000, { plan });
    const waiting = applyFact(a.session, lenderPending(a.transactionId), ctx);
    const accepted = applyFact(waiting, authorized(a.transactionId, 10_000), ctx);
    expect(accepted.status).toBe('CAPTURING');
    expect(accepted.awaitingUntil).toBeUndefined();
    const paid = applyFact(accepted, captured(only(owedOperations(accepted, Number.MAX_SAFE_INTEGER)).transactionId), ctx);
    expect(paid).toMatchObject({ status: 'PAID', captured: money(10_000, EUR) });
  });

  it('the lender refuses: AWAITED_REFUSED, every other hold voided, nothing taken', () => {
    const a = start(aSession(), 'card', 4_000);
    const held = applyFact(a.session, authorized(a.transactionId, 4_000), ctx);
    const b = start(held, 'oney', 6_000, { plan });
    const waiting = applyFact(b.session, lenderPending(b.transactionId), ctx);
    expect(waiting.status).toBe('AWAITING');
    const refused = applyFact(waiting, declined(b.transactionId), ctx);
    expect(refused).toMatchObject({ status: 'AWAITED_REFUSED', captured: money(0, EUR), endedAt: ctx.now });
    expect(refused.notification?.delivery?.notificationId).toBe(`${refused.id}:AWAITED_REFUSED`);
    expect(only(owedOperations(refused, Number.MAX_SAFE_INTEGER))).toMatchObject({ type: 'void', attemptId: a.attemptId });
  });
});

describe('applyFact: late verdicts', () => {
  it('a grant after the session ended is recorded and a void is owed at once; the ending stays', () => {
    const a = start(aSession(), 'card', 4_000);
    const late = ctxAt(T0 + TTL + 1);
    const expired = applyFact(a.session, authorized(a.transactionId, 4_000), late);
    expect(expired).toMatchObject({ status: 'EXPIRED', endedAt: late.now, captured: money(0, EUR) });
    expect(expired.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: money(4_000, EUR), releasedAt: late.now });
    const voidOp = only(owedOperations(expired, Number.MAX_SAFE_INTEGER));
    expect(voidOp).toMatchObject({ type: 'void', amount: money(4_000, EUR) });
    const done = applyFact(expired, voided(voidOp.transactionId), ctxAt(T0 + TTL + 2));
    expect(done).toMatchObject({ status: 'EXPIRED', endedAt: late.now });
    expect(done.attempts[0]?.status).toBe('VOIDED');
  });

  it('a lower grant after the session ended is handed back marked with who lowered it, awaiting nothing', () => {
    const a = start(aSession(), 'card', 4_000);
    const late = ctxAt(T0 + TTL + 1);
    const expired = applyFact(a.session, authorized(a.transactionId, 3_000), late);
    expect(expired).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
    expect(expired.attempts[0]).toMatchObject({ status: 'AUTHORIZED', partialAuth: 'mandated', releasedAt: late.now });
    expect(isAwaitingPartialDecision(expired.attempts[0]!)).toBe(false);
    expect(only(owedOperations(expired, Number.MAX_SAFE_INTEGER))).toMatchObject({ type: 'void', amount: money(3_000, EUR) });
  });

  it('a lower grant for an attempt the payer abandoned is late, not lowered: handed back without partialAuth', () => {
    const a = start(aSession(), 'card', 4_000);
    const abandoned = abandonAttempt(a.session, a.attemptId, ctx);
    const late = applyFact(abandoned, authorized(a.transactionId, 3_000), ctx);
    expect(late.attempts[0]?.status).toBe('CANCELLED');
    expect(late.attempts[0]?.partialAuth).toBeUndefined();
  });

  it('a grant arriving while the session is EXPIRING adds its void to what the ending waits for', () => {
    const a = start(aSession(), 'card', 4_000);
    const held = applyFact(a.session, authorized(a.transactionId, 4_000), ctx);
    const b = start(held, 'paypal', 1_000);
    const late = ctxAt(T0 + TTL);
    const expiring = applyFact(b.session, authorized(b.transactionId, 1_000), late);
    expect(expiring.status).toBe('EXPIRING');
    const voids = owedOperations(expiring, Number.MAX_SAFE_INTEGER);
    expect(voids.map((v) => v.attemptId)).toEqual([a.attemptId, b.attemptId]);
    const one = applyFact(expiring, voided(voids[0]!.transactionId), late);
    expect(one.status).toBe('EXPIRING');
    expect(applyFact(one, voided(voids[1]!.transactionId, false), late).status).toBe('EXPIRED');
  });

  it('a late direct payment that nothing can hand back is recorded owedToPayer', () => {
    const a = start(aSession(), 'sealed', 10_000);
    const late = applyFact(a.session, authorized(a.transactionId, 10_000), ctxAt(T0 + TTL));
    expect(late.status).toBe('EXPIRED');
    expect(late.attempts[0]?.status).toBe('CAPTURED');
    expect(late.attempts[0]?.owedToPayer).toMatch(/10000 EUR/);
    expect(late.captured).toEqual(money(0, EUR));
  });
});

describe('applyFact: refunds', () => {
  function paidByCard(): { session: Session; captureId: string } {
    const a = start(aSession(), 'card', 10_000);
    const covered = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    const captureId = only(owedOperations(covered, Number.MAX_SAFE_INTEGER)).transactionId;
    return { session: applyFact(covered, captured(captureId), ctx), captureId };
  }
  function withRefund(session: Session, amount: number): { session: Session; refundId: string } {
    const attempt = session.attempts[0]!;
    const refundTx: Transaction = {
      id: '0190a000-0000-7000-8000-0000000fefe1' as Transaction['id'],
      createdAt: ctx.now,
      updatedAt: ctx.now,
      type: 'refund',
      amount: money(amount, EUR),
      status: { kind: 'pending' },
      dispatch: { state: 'owed', tries: 0, nextAt: ctx.now },
    };
    return { session: { ...session, attempts: [{ ...attempt, transactions: [...attempt.transactions, refundTx] }] }, refundId: refundTx.id };
  }

  it('a refund that succeeds adds to refunded; the session status and captured stay', () => {
    const { session } = paidByCard();
    const r = withRefund(session, 2_500);
    const next = applyFact(r.session, refunded(r.refundId), ctx);
    expect(next.attempts[0]?.refunded).toEqual(money(2_500, EUR));
    expect(next).toMatchObject({ status: 'PAID', captured: money(10_000, EUR) });
  });

  it('a refund that fails moves nothing', () => {
    const { session } = paidByCard();
    const r = withRefund(session, 2_500);
    const next = applyFact(r.session, refunded(r.refundId, false), ctx);
    expect(next.attempts[0]?.refunded).toEqual(money(0, EUR));
    expect(next.attempts[0]?.transactions.at(-1)?.status.kind).toBe('failed');
    expect(next.attempts[0]?.owedToPayer).toBeUndefined();
  });
});
