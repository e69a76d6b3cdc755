import { money } from '../money/money';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { applyFact } from './apply-fact';
import { owedOperations } from './owed-operations';
import { acceptPartial } from './partial-decision';
import { abandonAttempt, abandonSession, cancelAttempt } from './payer-decisions';
import { refusalOf } from '../testing';
import { aSession, authorized, ctxAt, EUR, refunded, T0, TTL, voided } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { acceptTerms } from './terms';

const ctx = ctxAt(T0 + 1_000);

function granted(session: Session, methodId: string, amount: number, grant = amount) {
  const s = startAttempt(session, { methodId, amount }, ctx);
  return { session: applyFact(s.session, authorized(s.transactionId, grant), ctx), attemptId: s.attemptId, transactionId: s.transactionId };
}

describe('acceptPartial', () => {
  it('records consent; the grant then counts like any other and the order may be covered', () => {
    const p = granted(aSession({ total: money(4_000, EUR) }), 'card', 4_000, 3_000);
    const accepted = acceptPartial(p.session, p.attemptId, ctx);
    expect(accepted.attempts[0]).toMatchObject({ partialAuth: 'mandated', partialAcceptedAt: ctx.now });
    expect(remainingBalance(accepted)).toEqual(money(1_000, EUR));
    expect(accepted.status).toBe('PENDING');
    const rest = granted(accepted, 'paypal', 1_000);
    expect(rest.session.status).toBe('CAPTURING');
  });

  it('refuses a repeated or inapplicable accept, an unknown attempt, a session no longer pending', () => {
    const p = granted(aSession(), 'card', 4_000, 3_000);
    const accepted = acceptPartial(p.session, p.attemptId, ctx);
    expect(refusalOf(() => acceptPartial(accepted, p.attemptId, ctx))).toBe('PartialAcceptanceNotApplicable');
    const full = granted(aSession(), 'card', 4_000);
    expect(refusalOf(() => acceptPartial(full.session, full.attemptId, ctx))).toBe('PartialAcceptanceNotApplicable');
    expect(refusalOf(() => acceptPartial(p.session, 'nope', ctx))).toBe('AttemptNotFound');
    expect(refusalOf(() => acceptPartial({ ...p.session, status: 'ABORTING' }, p.attemptId, ctx))).toBe('SessionNotPending');
  });
});

describe('cancelAttempt', () => {
  it('removes a held tranche at once (a void owed), VOIDED when the void succeeds', () => {
    const h = granted(aSession(), 'card', 4_000);
    const cancelled = cancelAttempt(h.session, h.attemptId, ctx);
    expect(remainingBalance(cancelled)).toEqual(money(10_000, EUR));
    const voidOp = owedOperations(cancelled, Number.MAX_SAFE_INTEGER)[0]!;
    expect(voidOp).toMatchObject({ type: 'void', attemptId: h.attemptId, amount: money(4_000, EUR) });
    expect(applyFact(cancelled, voided(voidOp.transactionId), ctx).attempts[0]?.status).toBe('VOIDED');
  });

  it('is how a mandated partial grant is refused', () => {
    const p = granted(aSession(), 'card', 4_000, 3_000);
    const refusedPartial = cancelAttempt(p.session, p.attemptId, ctx);
    expect(owedOperations(refusedPartial, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['void']);
    expect(() => startAttempt(refusedPartial, { methodId: 'card', amount: 10_000 }, ctx)).not.toThrow();
  });

  it('refuses what is not a held tranche that still counts', () => {
    const h = granted(aSession(), 'card', 4_000);
    const once = cancelAttempt(h.session, h.attemptId, ctx);
    expect(refusalOf(() => cancelAttempt(once, h.attemptId, ctx))).toBe('AttemptNotCancellable');
    const paid = granted(aSession(), 'ancv', 4_000);
    expect(refusalOf(() => cancelAttempt(paid.session, paid.attemptId, ctx))).toBe('AttemptNotCancellable');
    const inFlight = startAttempt(aSession(), { methodId: 'card', amount: 1_000 }, ctx);
    expect(refusalOf(() => cancelAttempt(inFlight.session, inFlight.attemptId, ctx))).toBe('AttemptNotCancellable');
    expect(refusalOf(() => cancelAttempt(h.session, 'nope', ctx))).toBe('AttemptNotFound');
    expect(refusalOf(() => cancelAttempt(h.session, h.attemptId, ctxAt(T0 + TTL)))).toBe('SessionNotPending');
  });
});

describe('abandonAttempt', () => {
  it('ends an AUTHORIZING attempt at once so another may start; a late grant is handed back', () => {
    const s = startAttempt(aSession(), { methodId: 'ancv', amount: 4_000 }, ctx);
    const abandoned = abandonAttempt(s.session, s.attemptId, ctx);
    expect(abandoned.attempts[0]?.status).toBe('CANCELLED');
    expect(() => startAttempt(abandoned, { methodId: 'card', amount: 10_000 }, ctx)).not.toThrow();
    const late = applyFact(abandoned, authorized(s.transactionId, 4_000), ctx);
    expect(late.attempts[0]).toMatchObject({ status: 'CANCELLED', granted: money(4_000, EUR) });
    const refund = owedOperations(late, Number.MAX_SAFE_INTEGER)[0]!;
    expect(refund).toMatchObject({ type: 'refund', amount: money(4_000, EUR) });
    expect(remainingBalance(late)).toEqual(money(10_000, EUR));
    expect(applyFact(late, refunded(refund.transactionId), ctx).attempts[0]?.refunded).toEqual(money(4_000, EUR));
  });

  it('refuses an attempt not AUTHORIZING, or a settlement nothing could undo', () => {
    const sealed = startAttempt(aSession(), { methodId: 'sealed', amount: 10_000 }, ctx);
    expect(refusalOf(() => abandonAttempt(sealed.session, sealed.attemptId, ctx))).toBe('AttemptNotAbandonable');
    const h = granted(aSession(), 'card', 4_000);
    expect(refusalOf(() => abandonAttempt(h.session, h.attemptId, ctx))).toBe('AttemptNotAbandonable');
    expect(refusalOf(() => abandonAttempt(h.session, 'nope', ctx))).toBe('AttemptNotFound');
    expect(refusalOf(() => abandonAttempt({ ...sealed.session, status: 'EXPIRED' }, sealed.attemptId, ctx))).toBe('SessionNotPending');
  });
});

describe('abandonSession', () => {
  it('ABORTING with every hold voided and every direct payment refunded, then ABORTED once done', () => {
    const h = granted(aSession(), 'card', 4_000);
    const d = granted(h.session, 'ancv', 3_000);
    const aborting = abandonSession(d.session, ctx);
    expect(aborting).toMatchObject({ status: 'ABORTING', captured: money(0, EUR) });
    const [voidOp, refundOp] = owedOperations(aborting, Number.MAX_SAFE_INTEGER);
    expect([voidOp?.type, refundOp?.type]).toEqual(['void', 'refund']);
    const half = applyFact(aborting, voided(voidOp!.transactionId), ctx);
    expect(half.status).toBe('ABORTING');
    const done = applyFact(half, refunded(refundOp!.transactionId), ctx);
    expect(done).toMatchObject({ status: 'ABORTED', endedAt: ctx.now, captured: money(0, EUR) });
    expect(done.notification?.delivery?.notificationId).toBe(`${done.id}:ABORTED`);
  });

  it('with nothing held, ABORTED at once; a direct payment nothing can hand back is owedToPayer', () => {
    expect(abandonSession(aSession(), ctx).status).toBe('ABORTED');
    const d = granted(aSession(), 'ancv', 3_000);
    const failedRefund = abandonSession(d.session, ctx);
    const refund = owedOperations(failedRefund, Number.MAX_SAFE_INTEGER)[0]!;
    const done = applyFact(failedRefund, refunded(refund.transactionId, false), ctx);
    expect(done.status).toBe('ABORTED');
    expect(done.attempts[0]?.owedToPayer).toMatch(/3000 EUR.*refund failed/);
  });

  it('refuses a session no longer pending', () => {
    expect(refusalOf(() => abandonSession(aSession({ status: 'CAPTURING' }), ctx))).toBe('SessionNotPending');
  });
});

describe('acceptTerms', () => {
  const terms = [{ label: 'CGV', url: 'https://m.example/cgv' }];
  it('records consent once; a repeat keeps the first instant', () => {
    const once = acceptTerms(aSession({ terms }), ctx);
    expect(once.termsAcceptedAt).toBe(ctx.now);
    expect(acceptTerms(once, ctxAt(T0 + 5_000))).toBe(once);
  });
  it('records nothing when no terms were declared; refuses a session no longer pending', () => {
    const s = aSession();
    expect(acceptTerms(s, ctx)).toBe(s);
    expect(refusalOf(() => acceptTerms(aSession({ terms, status: 'PAID' }), ctx))).toBe('SessionNotPending');
  });
});
