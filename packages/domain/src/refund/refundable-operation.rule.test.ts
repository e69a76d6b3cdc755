import { money } from '../money/money';
import { attemptOfRefundableOperation, requestOperationRefund } from './refundable-operation.rule';
import { refusalOf } from '../testing';
import { EUR, T0, attemptIn, capturedCard, ctxAt, endedSession, paidDirect, tx } from './refund.fixture';

const ctx = ctxAt(T0 + 5000);

describe('the transaction door rule', () => {
  it('accepts the capture of a hold and the direct payment', () => {
    const card = capturedCard(600);
    const ancv = paidDirect(400);
    const session = endedSession([card, ancv]);
    expect(attemptOfRefundableOperation(session, card.transactions[1]!.id).id).toBe(card.id);
    expect(attemptOfRefundableOperation(session, ancv.transactions[0]!.id).id).toBe(ancv.id);
    const { session: next, transactionId } = requestOperationRefund(session, card.transactions[1]!.id, { amount: 250, extraData: 'x' }, ctx);
    expect(attemptIn(next, card.id).transactions.at(-1)).toMatchObject({ id: transactionId, amount: money(250, EUR), extraData: 'x' });
  });

  it('NotARefundableOperation for an operation that never took money', () => {
    const failedCapture = tx('capture', 600, 'failed');
    const card = capturedCard(600, undefined, { status: 'AUTHORIZED', transactions: [tx('authorization', 600), failedCapture] });
    const refunded = capturedCard(600, undefined, { transactions: [tx('authorization', 600), tx('capture', 600), tx('refund', 100)] });
    const voided = capturedCard(600, undefined, { status: 'VOIDED', transactions: [tx('authorization', 600), tx('void', 600)] });
    const session = endedSession([card, refunded, voided], { status: 'ABORTED' });
    for (const id of [card.transactions[0]!.id, failedCapture.id, refunded.transactions[0]!.id, refunded.transactions[2]!.id, voided.transactions[1]!.id]) {
      expect(refusalOf(() => requestOperationRefund(session, id, {}, ctx))).toBe('NotARefundableOperation');
    }
  });

  it('SessionNotEnded while the session is still open', () => {
    const card = capturedCard(600);
    const session = endedSession([card], { status: 'CAPTURING' });
    expect(refusalOf(() => requestOperationRefund(session, card.transactions[1]!.id, {}, ctx))).toBe('SessionNotEnded');
  });

  it('NotFound for a transaction the session does not hold', () => {
    expect(refusalOf(() => attemptOfRefundableOperation(endedSession([capturedCard(600)]), 'nope'))).toBe('NotFound');
  });

  it('applies the attempt rules after the operation rule', () => {
    const ancv = paidDirect(400);
    expect(refusalOf(() => requestOperationRefund(endedSession([ancv]), ancv.transactions[0]!.id, { amount: 10 }, ctx))).toBe('PartialRefundNotSupported');
  });
});
