import { money } from '../money/money';
import { EUR, T0, attemptIn, capturedCard, ctxAt, endedSession, noRefundOffer, paidDirect, tx } from './refund.fixture';
import { requestRefund } from './request-refund';
import { refusalOf as codeOf } from '../testing';

const ctx = ctxAt(T0 + 5000);

describe('requestRefund', () => {
  it('records a pending refund of what remains, owed to the PSP (the worker once its first send can have ended)', () => {
    const card = capturedCard(600);
    const session = endedSession([card]);
    const { session: next, transactionId, replayed } = requestRefund(session, card.id, { extraData: 'tag-1' }, ctx);
    expect(replayed).toBe(false);
    const attempt = attemptIn(next, card.id);
    const refund = attempt.transactions.at(-1);
    expect(refund).toMatchObject({
      id: transactionId,
      type: 'refund',
      amount: money(600, EUR),
      status: { kind: 'pending' },
      dispatch: { state: 'owed', tries: 0, nextAt: ctx.now + ctx.policy.dispatchCallMs + ctx.policy.dispatchAckSaveMs },
      extraData: 'tag-1',
      createdAt: ctx.now,
    });
    expect(attempt.updatedAt).toBe(ctx.now);
    // refunded moves only when the verdict arrives
    expect(attempt.refunded.amount).toBe(0);
    expect(session.attempts[0]?.transactions).toHaveLength(2);
  });

  it('refunds a slice when the contract carries partial refunds, cumulatively', () => {
    const card = capturedCard(600, undefined, { refunded: money(200, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 200)] });
    const { session } = requestRefund(endedSession([card]), card.id, { amount: 150, idempotencyKey: 'k-1' }, ctx);
    expect(attemptIn(session, card.id).transactions.at(-1)).toMatchObject({ amount: money(150, EUR), idempotencyKey: 'k-1' });
  });

  it('refunds a direct payment in full', () => {
    const ancv = paidDirect(400);
    const { session } = requestRefund(endedSession([ancv]), ancv.id, {}, ctx);
    expect(attemptIn(session, ancv.id).transactions.at(-1)?.amount).toEqual(money(400, EUR));
  });

  it('returns the refund recorded under an idempotency key, unchanged, and never a second', () => {
    const card = capturedCard(600);
    const first = requestRefund(endedSession([card]), card.id, { amount: 100, idempotencyKey: 'k' }, ctx);
    const again = requestRefund(first.session, card.id, { amount: 100, idempotencyKey: 'k' }, ctx);
    expect(again).toEqual({ session: first.session, transactionId: first.transactionId, replayed: true });
    expect(again.session).toBe(first.session);
    const fullRetry = requestRefund(first.session, card.id, { idempotencyKey: 'k' }, ctx);
    expect(fullRetry.transactionId).toBe(first.transactionId);
  });

  it('replays a key even after the refund settled or failed', () => {
    const failed = tx('refund', 600, 'failed', { idempotencyKey: 'k' });
    const card = capturedCard(600, undefined, { transactions: [tx('authorization', 600), tx('capture', 600), failed] });
    expect(requestRefund(endedSession([card]), card.id, { idempotencyKey: 'k' }, ctx).transactionId).toBe(failed.id);
  });

  it('scopes keys to the attempt', () => {
    const a = capturedCard(600);
    const b = capturedCard(400);
    const first = requestRefund(endedSession([a, b]), a.id, { idempotencyKey: 'k' }, ctx);
    const other = requestRefund(first.session, b.id, { idempotencyKey: 'k' }, ctx);
    expect(other.replayed).toBe(false);
    expect(other.transactionId).not.toBe(first.transactionId);
  });

  it('IdempotencyKeyConflict: the key names a refund of another amount', () => {
    const card = capturedCard(600);
    const first = requestRefund(endedSession([card]), card.id, { amount: 100, idempotencyKey: 'k' }, ctx);
    expect(codeOf(() => requestRefund(first.session, card.id, { amount: 200, idempotencyKey: 'k' }, ctx))).toBe('IdempotencyKeyConflict');
  });

  it('SessionNotEnded before the session reached a terminal status', () => {
    const card = capturedCard(600);
    const { endedAt: _e, ...open } = endedSession([card], { status: 'CAPTURING' });
    expect(codeOf(() => requestRefund(open, card.id, {}, ctx))).toBe('SessionNotEnded');
  });

  it('RefundInFlight while a refund of the attempt awaits its verdict', () => {
    const card = capturedCard(600);
    const first = requestRefund(endedSession([card]), card.id, { amount: 100 }, ctx);
    expect(codeOf(() => requestRefund(first.session, card.id, { amount: 100 }, ctx))).toBe('RefundInFlight');
    expect(codeOf(() => requestRefund(first.session, card.id, { amount: 100, idempotencyKey: 'new' }, ctx))).toBe('RefundInFlight');
  });

  it('NothingToRefund when nothing was taken or all was refunded', () => {
    const declined = { ...capturedCard(600), status: 'DECLINED' as const, transactions: [tx('authorization', 600, 'failed')] };
    expect(codeOf(() => requestRefund(endedSession([declined]), declined.id, {}, ctx))).toBe('NothingToRefund');
    const voided = { ...capturedCard(600), status: 'VOIDED' as const, transactions: [tx('authorization', 600), tx('void', 600)] };
    expect(codeOf(() => requestRefund(endedSession([voided]), voided.id, {}, ctx))).toBe('NothingToRefund');
    const all = capturedCard(600, undefined, { refunded: money(600, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 600)] });
    expect(codeOf(() => requestRefund(endedSession([all]), all.id, {}, ctx))).toBe('NothingToRefund');
  });

  it('gives the amount back after a failed refund', () => {
    const card = capturedCard(600, undefined, { transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 600, 'failed')] });
    expect(requestRefund(endedSession([card]), card.id, {}, ctx).replayed).toBe(false);
  });

  it('RefundNotSupported when the PSP of an attempt that took money cannot refund', () => {
    const voucher = paidDirect(400, noRefundOffer);
    expect(codeOf(() => requestRefund(endedSession([voucher]), voucher.id, {}, ctx))).toBe('RefundNotSupported');
  });

  it('RefundExceedsRefundable when the amount exceeds what remains', () => {
    const card = capturedCard(600, undefined, { refunded: money(200, EUR), transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 200)] });
    expect(codeOf(() => requestRefund(endedSession([card]), card.id, { amount: 401 }, ctx))).toBe('RefundExceedsRefundable');
    expect(requestRefund(endedSession([card]), card.id, { amount: 400 }, ctx).replayed).toBe(false);
  });

  it('PartialRefundNotSupported when a full-only method is asked for a slice', () => {
    const ancv = paidDirect(400);
    expect(codeOf(() => requestRefund(endedSession([ancv]), ancv.id, { amount: 399 }, ctx))).toBe('PartialRefundNotSupported');
    expect(requestRefund(endedSession([ancv]), ancv.id, { amount: 400 }, ctx).replayed).toBe(false);
  });

  it('InvalidRequestedAmount when the amount is not a positive integer of minor units', () => {
    const card = capturedCard(600);
    for (const amount of [0, -5, 1.5]) expect(codeOf(() => requestRefund(endedSession([card]), card.id, { amount }, ctx))).toBe('InvalidRequestedAmount');
  });

  it('NotFound when the session has no such attempt', () => {
    expect(codeOf(() => requestRefund(endedSession([capturedCard(600)]), 'nope', {}, ctx))).toBe('NotFound');
  });
});
