import { money } from '../money/money';
import { planSessionRefund } from './refund-plan.rule';
import { refundSession } from './refund-session';
import { refusalOf } from '../testing';
import { EUR, T0, attemptIn, capturedCard, ctxAt, declinedCard, endedSession, noRefundOffer, paidDirect, tx } from './refund.fixture';

const ctx = ctxAt(T0 + 5000);

describe('planSessionRefund', () => {
  it('plans what remains on every attempt that took money, skipping the others', () => {
    const card = capturedCard(600, undefined, { refunded: money(100, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 100)] });
    const declined = declinedCard(300);
    const ancv = paidDirect(400);
    const plan = planSessionRefund(endedSession([card, declined, ancv]));
    expect(plan.refunds).toEqual([
      { attemptId: card.id, amount: money(500, EUR) },
      { attemptId: ancv.id, amount: money(400, EUR) },
    ]);
  });

  it('SessionNotEnded on an open session', () => {
    expect(refusalOf(() => planSessionRefund(endedSession([capturedCard(600)], { status: 'PENDING' })))).toBe('SessionNotEnded');
  });

  it('RefundNotSupported when any attempt that took money cannot be refunded, even beside refundable ones', () => {
    const session = endedSession([capturedCard(600), paidDirect(400, noRefundOffer)]);
    expect(refusalOf(() => planSessionRefund(session))).toBe('RefundNotSupported');
    expect(refusalOf(() => refundSession(session, ctx))).toBe('RefundNotSupported');
  });

  it('RefundInFlight when any refundable attempt has a refund in flight', () => {
    const pending = capturedCard(400, undefined, { transactions: [tx('authorization', 400), tx('capture', 400), tx('refund', 100, 'pending')] });
    const session = endedSession([capturedCard(600), pending]);
    expect(refusalOf(() => planSessionRefund(session))).toBe('RefundInFlight');
  });

  it('NothingToRefund when nothing was taken or everything was refunded', () => {
    expect(refusalOf(() => planSessionRefund(endedSession([declinedCard(600)], { status: 'ABORTED' })))).toBe('NothingToRefund');
    const all = capturedCard(600, undefined, { refunded: money(600, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 600)] });
    expect(refusalOf(() => planSessionRefund(endedSession([all])))).toBe('NothingToRefund');
  });
});

describe('refundSession', () => {
  it('records one pending refund per planned attempt in one new session value', () => {
    const card = capturedCard(600);
    const ancv = paidDirect(400);
    const session = endedSession([card, declinedCard(100), ancv]);
    const { session: next, transactionIds } = refundSession(session, ctx);
    expect(transactionIds).toHaveLength(2);
    expect(attemptIn(next, card.id).transactions.at(-1)).toMatchObject({ id: transactionIds[0], amount: money(600, EUR), status: { kind: 'pending' } });
    expect(attemptIn(next, ancv.id).transactions.at(-1)).toMatchObject({ id: transactionIds[1], amount: money(400, EUR) });
    // a second gesture meets the refunds in flight
    expect(refusalOf(() => refundSession(next, ctx))).toBe('RefundInFlight');
  });
});

describe('refundSession of a confirmed whole (D121-b)', () => {
  const card = capturedCard(600, undefined, { refunded: money(100, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 100)] });
  const session = endedSession([card, paidDirect(400)]);

  it('refunds when the whole confirmed is what remains', () => {
    expect(refundSession(session, ctx, 900).transactionIds).toHaveLength(2);
  });

  it('refuses a confirmed whole above what remains (another refund came first): RefundExceedsRefundable', () => {
    expect(refusalOf(() => refundSession(session, ctx, 1_000))).toBe('RefundExceedsRefundable');
  });

  it('refuses a confirmed whole below what remains: the door never refunds a part of the whole', () => {
    expect(refusalOf(() => refundSession(session, ctx, 800))).toBe('PartialRefundNotSupported');
  });
});
