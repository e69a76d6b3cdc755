import type { AttemptJson, TransactionJson } from '../api/api-types';
import { madeRefundOf, refundIdsOf } from './refund-outcome';

const tx = (transactionId: string, type: TransactionJson['type'], amount: number): TransactionJson =>
  ({ transactionId, type, amount: { amount, currency: 'EUR' }, createdAt: 0, updatedAt: 0, status: { kind: 'succeeded' } }) as TransactionJson;
const tranche = (...transactions: TransactionJson[]): AttemptJson => ({ attemptId: 'a1', transactions }) as unknown as AttemptJson;

describe('the refund an unclear answer made, read on the tranche again (D103-f)', () => {
  const before = tranche(tx('cap', 'capture', 5_000), tx('r1', 'refund', 1_000));

  it('is a refund of that amount the tranche did not show before the gesture', () => {
    const after = tranche(...before.transactions, tx('r2', 'refund', 1_000));
    expect(madeRefundOf(refundIdsOf(before), after, 1_000)?.transactionId).toBe('r2');
  });

  it('is none when only refunds shown before, other amounts or other operations are there', () => {
    const after = tranche(...before.transactions, tx('r3', 'refund', 2_000), tx('c2', 'capture', 1_000));
    expect(madeRefundOf(refundIdsOf(before), after, 1_000)).toBeUndefined();
    expect(madeRefundOf(refundIdsOf(before), undefined, 1_000)).toBeUndefined();
  });

  it('knows the refunds a tranche shows by id, none for a tranche not drawn', () => {
    expect([...refundIdsOf(before)]).toEqual(['r1']);
    expect(refundIdsOf(undefined).size).toBe(0);
  });
});
