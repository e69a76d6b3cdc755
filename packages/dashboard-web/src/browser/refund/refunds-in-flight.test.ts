import type { AttemptJson, TransactionJson, VerdictKind } from '../api/api-types';
import { refundStanding } from './refunds-in-flight';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const tx = (type: TransactionJson['type'], amount: number, kind: VerdictKind = 'succeeded'): TransactionJson =>
  ({ transactionId: `${type}-${amount}-${kind}`, type, amount: eur(amount), createdAt: 0, updatedAt: 0, status: { kind } }) as TransactionJson;
const tranche = (refunded: number, refundable: number, ...transactions: TransactionJson[]): AttemptJson =>
  ({ attemptId: 'a1', refunded: eur(refunded), refundable: eur(refundable), transactions }) as unknown as AttemptJson;

describe('what a tranche still lets a contact refund, refunds in flight counted out', () => {
  it('takes a refund whose verdict is due off what remains, and says how much is in flight', () => {
    expect(refundStanding(tranche(0, 5_000, tx('capture', 5_000), tx('refund', 2_000, 'pending')))).toEqual({ refundable: eur(3_000), pending: eur(2_000) });
  });

  it('counts nothing more once a refund has its verdict: a success is in refunded, a failure gave the amount back', () => {
    expect(refundStanding(tranche(1_000, 4_000, tx('capture', 5_000), tx('refund', 1_000), tx('refund', 500, 'failed')))).toEqual({ refundable: eur(4_000) });
  });

  it('adds every refund in flight, never leaving less than nothing', () => {
    expect(refundStanding(tranche(0, 1_000, tx('capture', 1_000), tx('refund', 600, 'pending'), tx('refund', 600, 'pending')))).toEqual({ refundable: eur(0), pending: eur(1_200) });
  });

  it("reads only refunds: an operation of another type whose verdict is due is no money on its way back", () => {
    expect(refundStanding(tranche(0, 5_000, tx('payment', 5_000), tx('capture', 5_000, 'pending')))).toEqual({ refundable: eur(5_000) });
  });
});
