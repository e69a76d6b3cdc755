import { money } from '../money/money';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { applyFact } from './apply-fact';
import { refusalOf } from '../testing';
import { aSession, ancv, authorized, card, ctxAt, EUR, oney, paypal, sealedVoucher, T0, TTL } from './session.fixture';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

describe('startAttempt', () => {
  it('opens an AUTHORIZING attempt and its pending opening operation, verdict due after verdictOverdueMs', () => {
    const { session, attemptId, transactionId } = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
    const attempt = session.attempts[0]!;
    expect(attempt).toMatchObject({
      id: attemptId,
      status: 'AUTHORIZING',
      method: 'card',
      methodId: 'card',
      provider: 'fake',
      operation: 'authorization',
      requested: money(4_000, EUR),
      granted: money(0, EUR),
      refunded: money(0, EUR),
      verdictDueAt: ctx.now + ctx.policy.verdictOverdueMs,
    });
    expect(attempt.transactions).toEqual([
      { id: transactionId, createdAt: ctx.now, updatedAt: ctx.now, type: 'authorization', amount: money(4_000, EUR), status: { kind: 'pending' } },
    ]);
    expect(attemptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('opens a direct payment with a payment operation', () => {
    const { session } = startAttempt(aSession(), { methodId: 'ancv', amount: 2_000 }, ctx);
    expect(session.attempts[0]?.operation).toBe('payment');
    expect(session.attempts[0]?.transactions[0]?.type).toBe('payment');
  });

  it('records the chosen financing plan', () => {
    const { session } = startAttempt(aSession(), { methodId: 'oney', amount: 10_000, plan: { installments: 3, withFees: false } }, ctx);
    expect(session.attempts[0]?.plan).toEqual({ installments: 3, withFees: false });
  });

  it('refuses when the session is not PENDING, or its ttl elapsed', () => {
    expect(refusalOf(() => startAttempt(aSession({ status: 'CAPTURING' }), { methodId: 'card', amount: 1 }, ctx))).toBe('SessionNotPending');
    expect(refusalOf(() => startAttempt(aSession(), { methodId: 'card', amount: 1 }, ctxAt(T0 + TTL)))).toBe('SessionNotPending');
  });

  it('refuses an unknown method', () => {
    expect(refusalOf(() => startAttempt(aSession(), { methodId: 'nope', amount: 1 }, ctx))).toBe('MethodNotFound');
  });

  it('refuses a second attempt while one is AUTHORIZING, or a mandated partial is undecided', () => {
    const first = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
    expect(refusalOf(() => startAttempt(first.session, { methodId: 'paypal', amount: 1_000 }, ctx))).toBe('AttemptInFlight');
    const partial = applyFact(first.session, authorized(first.transactionId, 3_000), ctx);
    expect(partial.attempts[0]).toMatchObject({ status: 'AUTHORIZED', partialAuth: 'mandated' });
    expect(refusalOf(() => startAttempt(partial, { methodId: 'paypal', amount: 1_000 }, ctx))).toBe('AttemptInFlight');
  });

  it('refuses until declared terms are accepted', () => {
    const terms = [{ label: 'CGV', url: 'https://merchant.example/cgv' }];
    expect(refusalOf(() => startAttempt(aSession({ terms }), { methodId: 'card', amount: 1 }, ctx))).toBe('TermsNotAccepted');
    expect(() => startAttempt(aSession({ terms, termsAcceptedAt: T0 }), { methodId: 'card', amount: 1 }, ctx)).not.toThrow();
  });

  it('refuses an ineligible method: remaining outside its range, no plan covering, or unable to register an alias', () => {
    expect(refusalOf(() => startAttempt(aSession({ total: money(10, EUR) }), { methodId: 'ancv', amount: 10 }, ctx))).toBe('MethodNotEligible');
    expect(refusalOf(() => startAttempt(aSession({ total: money(50, EUR) }), { methodId: 'oney', amount: 50, plan: { installments: 3, withFees: false } }, ctx))).toBe(
      'MethodNotEligible',
    );
    expect(refusalOf(() => startAttempt(aSession({ mustCreateAlias: true }), { methodId: 'paypal', amount: 10_000 }, ctx))).toBe('MethodNotEligible');
  });

  it('refuses an amount that is not a positive integer', () => {
    expect(refusalOf(() => startAttempt(aSession(), { methodId: 'card', amount: 0 }, ctx))).toBe('InvalidRequest');
    expect(refusalOf(() => startAttempt(aSession(), { methodId: 'card', amount: 1.5 }, ctx))).toBe('InvalidRequest');
  });

  it('refuses an amount above the remaining balance', () => {
    const first = startAttempt(aSession(), { methodId: 'card', amount: 6_000 }, ctx);
    const paid = applyFact(first.session, authorized(first.transactionId, 6_000), ctx);
    expect(remainingBalance(paid)).toEqual(money(4_000, EUR));
    expect(refusalOf(() => startAttempt(paid, { methodId: 'paypal', amount: 4_001 }, ctx))).toBe('AmountExceedsRemaining');
  });

  it('refuses an amount outside the range window', () => {
    expect(refusalOf(() => startAttempt(aSession(), { methodId: ancv.id, amount: 19 }, ctx))).toBe('AmountOutOfRange');
  });

  it('refuses a partial amount for a method that must settle the remaining balance', () => {
    expect(refusalOf(() => startAttempt(aSession(), { methodId: sealedVoucher.id, amount: 9_999 }, ctx))).toBe('AmountOutOfRange');
    expect(() => startAttempt(aSession(), { methodId: sealedVoucher.id, amount: 10_000 }, ctx)).not.toThrow();
  });

  it('refuses a split of an order that registers the payer means', () => {
    expect(refusalOf(() => startAttempt(aSession({ mustCreateAlias: true }), { methodId: card.id, amount: 9_999 }, ctx))).toBe('AmountOutOfRange');
    expect(() => startAttempt(aSession({ mustCreateAlias: true }), { methodId: card.id, amount: 10_000 }, ctx)).not.toThrow();
  });

  it('refuses financing without an offered plan that finances the amount, and a plan on other methods', () => {
    const s = aSession();
    expect(refusalOf(() => startAttempt(s, { methodId: oney.id, amount: 10_000 }, ctx))).toBe('PlanNotOffered');
    expect(refusalOf(() => startAttempt(s, { methodId: oney.id, amount: 10_000, plan: { installments: 10, withFees: false } }, ctx))).toBe('PlanNotOffered');
    expect(refusalOf(() => startAttempt(s, { methodId: oney.id, amount: 4_000, plan: { installments: 4, withFees: true } }, ctx))).toBe('PlanNotOffered');
    expect(refusalOf(() => startAttempt(s, { methodId: paypal.id, amount: 4_000, plan: { installments: 3, withFees: false } }, ctx))).toBe('PlanNotOffered');
  });
});
