import { capturedCard, endedSession, paidDirect, tx } from '../refund/refund.fixture';
import { chargebackTarget } from './chargeback-target.rule';

describe('chargebackTarget', () => {
  it('names the capture before the hold that shares its reference', () => {
    const attempt = capturedCard(500, undefined, { transactions: [tx('authorization', 500, 'succeeded', { providerRef: 'r1' }), tx('capture', 500, 'succeeded', { providerRef: 'r1' })] });
    const target = chargebackTarget(endedSession([attempt]), 'fake', 'r1');
    expect(target?.attempt.id).toBe(attempt.id);
    expect(target?.transaction).toBe(attempt.transactions[1]);
  });

  it('names the capture of a hold whose authorization the reference names: the money moved on the capture', () => {
    const attempt = capturedCard(500, undefined, { transactions: [tx('authorization', 500, 'succeeded', { providerRef: 'pay-1' }), tx('capture', 500, 'succeeded', { providerRef: 'cap-1' })] });
    const session = endedSession([attempt]);
    expect(chargebackTarget(session, 'fake', 'pay-1')?.transaction).toBe(attempt.transactions[1]);
    expect(chargebackTarget(session, 'fake', 'echoed-elsewhere', attempt.transactions[0]!.id)?.transaction).toBe(attempt.transactions[1]);
  });

  it('names the direct payment, else a hold never captured, and nothing at another provider or reference', () => {
    const direct = paidDirect(300, undefined, { transactions: [tx('refund', 100, 'succeeded', { providerRef: 'p1' }), tx('payment', 300, 'succeeded', { providerRef: 'p1' })] });
    const held = capturedCard(200, undefined, { transactions: [tx('authorization', 200, 'succeeded', { providerRef: 'h1' })] });
    const session = endedSession([direct, held]);
    expect(chargebackTarget(session, 'fake', 'p1')?.transaction).toBe(direct.transactions[1]);
    expect(chargebackTarget(session, 'fake', 'h1')?.transaction).toBe(held.transactions[0]);
    expect(chargebackTarget(session, 'other-psp', 'h1')).toBeUndefined();
    expect(chargebackTarget(session, 'fake', 'unknown')).toBeUndefined();
  });

  it('names the operation our echoed transaction id names when no operation carries the reference, never before one does', () => {
    const direct = paidDirect(300, undefined, { transactions: [tx('payment', 300, 'succeeded', { providerRef: 'hc-1' })] });
    const held = capturedCard(200, undefined, { transactions: [tx('authorization', 200, 'succeeded', { providerRef: 'h1' })] });
    const session = endedSession([direct, held]);
    const sale = direct.transactions[0]!;
    expect(chargebackTarget(session, 'fake', 'pay-1_0', sale.id)?.transaction).toBe(sale);
    expect(chargebackTarget(session, 'fake', 'h1', sale.id)?.transaction).toBe(held.transactions[0]);
    expect(chargebackTarget(session, 'other-psp', 'pay-1_0', sale.id)).toBeUndefined();
    expect(chargebackTarget(session, 'fake', 'pay-1_0', 'unknown-tx')).toBeUndefined();
  });
});
