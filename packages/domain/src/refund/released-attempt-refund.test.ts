import type { Attempt } from '../attempt/attempt.model';
import { money } from '../money/money';
import { refundable } from '../rules/refundable.rule';
import { applyFact } from '../session/apply-fact';
import { aSession, authorized, captured, ctxAt, EUR, refunded, T0, TTL } from '../session/session.fixture';
import type { Session } from '../session/session.model';
import { startAttempt } from '../session/start-attempt';
import { expireIfDue } from '../session/timeouts';
import { refusalOf } from '../testing';
import { planSessionRefund } from './refund-plan.rule';
import { refundSession } from './refund-session';
import { requestOperationRefund } from './refundable-operation.rule';
import { requestRefund } from './request-refund';

/**
 * An attempt the service is handing back (`releasedAt`) is not the merchant's to refund: its money is
 * already on its way back (or recorded owedToPayer), so refundable is zero and the refund doors say
 * NothingToRefund; a whole-session refund leaves it out.
 */

const ctx = ctxAt(T0 + 1_000);

const vouchersOf = (s: Session): Attempt => s.attempts.find((a) => a.method === 'ancv')!;
const cardOf = (s: Session): Attempt => s.attempts.find((a) => a.method === 'card')!;
const pendingRefundOf = (a: Attempt) => a.transactions.find((t) => t.type === 'refund' && t.status.kind === 'pending')!;

/**
 * PAID by card, beside vouchers whose issuer lowered the payment unasked (4 000 asked, 2 500 taken):
 * the service refused that lower direct payment and is refunding it.
 */
function paidBesideRefusedVouchers(): Session {
  const vouchers = startAttempt(aSession(), { methodId: 'ancv', amount: 4_000 }, ctx);
  const lowered = applyFact(vouchers.session, authorized(vouchers.transactionId, 2_500), ctx);
  const card = startAttempt(lowered, { methodId: 'card', amount: 10_000 }, ctx);
  const held = applyFact(card.session, authorized(card.transactionId, 10_000), ctx);
  const capture = cardOf(held).transactions.find((t) => t.type === 'capture')!;
  return applyFact(held, captured(capture.id), ctx);
}

describe('refund of an attempt the service is handing back', () => {
  it('a refused lower direct payment on a PAID session: refundable zero while its refund is on its way; NothingToRefund; the session refund takes the rest', () => {
    const paid = paidBesideRefusedVouchers();
    expect(paid.status).toBe('PAID');
    const vouchers = vouchersOf(paid);
    expect(vouchers).toMatchObject({ status: 'CAPTURED', granted: money(2_500, EUR), releasedAt: ctx.now });
    expect(pendingRefundOf(vouchers).amount).toEqual(money(2_500, EUR));

    expect(refundable(vouchers)).toEqual(money(0, EUR));
    expect(refundable(cardOf(paid))).toEqual(money(10_000, EUR));
    expect(refusalOf(() => requestRefund(paid, vouchers.id, {}, ctx))).toBe('NothingToRefund');
    expect(refusalOf(() => requestOperationRefund(paid, vouchers.transactions[0]!.id, {}, ctx))).toBe('NothingToRefund');

    expect(planSessionRefund(paid).refunds).toEqual([{ attemptId: cardOf(paid).id, amount: money(10_000, EUR) }]);
    const { session: refundedSession } = refundSession(paid, ctx);
    expect(vouchersOf(refundedSession).transactions.filter((t) => t.type === 'refund')).toHaveLength(1);
  });

  it('once its refund failed (owedToPayer), refundable stays zero: no door sends the money a second time', () => {
    const paid = paidBesideRefusedVouchers();
    const failed = applyFact(paid, refunded(pendingRefundOf(vouchersOf(paid)).id, false), ctx);
    const vouchers = vouchersOf(failed);
    expect(vouchers.owedToPayer).toEqual(expect.any(String));
    expect(vouchers.refunded).toEqual(money(0, EUR));

    expect(refundable(vouchers)).toEqual(money(0, EUR));
    expect(refusalOf(() => requestRefund(failed, vouchers.id, {}, ctx))).toBe('NothingToRefund');
    expect(refusalOf(() => requestRefund(failed, vouchers.id, { amount: 100 }, ctx))).toBe('NothingToRefund');
    expect(refusalOf(() => requestOperationRefund(failed, vouchers.transactions[0]!.id, {}, ctx))).toBe('NothingToRefund');
    expect(planSessionRefund(failed).refunds.map((r) => r.attemptId)).toEqual([cardOf(failed).id]);
  });

  it('vouchers taken on a session that expired, their refund failed: refundable zero, NothingToRefund at every door', () => {
    const vouchers = startAttempt(aSession(), { methodId: 'ancv', amount: 3_000 }, ctx);
    const taken = applyFact(vouchers.session, authorized(vouchers.transactionId, 3_000), ctx);
    const expiring = expireIfDue(taken, ctxAt(T0 + TTL));
    expect(expiring.status).toBe('EXPIRING');
    const expired = applyFact(expiring, refunded(pendingRefundOf(vouchersOf(expiring)).id, false), ctxAt(T0 + TTL + 1));
    expect(expired.status).toBe('EXPIRED');
    const attempt = vouchersOf(expired);
    expect(attempt).toMatchObject({ status: 'CAPTURED', owedToPayer: expect.any(String), refunded: money(0, EUR) });

    expect(refundable(attempt)).toEqual(money(0, EUR));
    expect(refusalOf(() => requestRefund(expired, attempt.id, {}, ctx))).toBe('NothingToRefund');
    expect(refusalOf(() => planSessionRefund(expired))).toBe('NothingToRefund');
  });
});
