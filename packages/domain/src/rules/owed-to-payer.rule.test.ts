import { money } from '../money/money';
import { ancv, card, EUR, sealedVoucher } from '../session/session.fixture';
import { handBack, owedToPayerNote } from './owed-to-payer.rule';
import { refundable } from './refundable.rule';
import { anAttempt, op } from './rules.fixture';

describe('refundable', () => {
  it('is granted minus refunded, zero unless the attempt settled (CAPTURED)', () => {
    expect(refundable(anAttempt('CAPTURED', 1_000, { refunded: money(300, EUR) }))).toEqual(money(700, EUR));
    expect(refundable(anAttempt('CAPTURED', 1_000, { refunded: money(1_000, EUR) }))).toEqual(money(0, EUR));
    for (const status of ['AUTHORIZING', 'AUTHORIZED', 'DECLINED', 'CANCELLED', 'VOIDED'] as const) {
      expect(refundable(anAttempt(status, 1_000))).toEqual(money(0, EUR));
    }
  });
});

describe('handing money back, and owedToPayer', () => {
  it('a hold is voided', () => {
    expect(handBack(anAttempt('AUTHORIZED', 1_000), card)).toEqual({ kind: 'void', amount: money(1_000, EUR) });
  });
  it('a captured hold or a direct payment is refunded for what remains', () => {
    const capturedHold = anAttempt('CAPTURED', 1_000, { transactions: [op('authorization', 1_000), op('capture', 1_000)] });
    expect(handBack(capturedHold, card)).toEqual({ kind: 'refund', amount: money(1_000, EUR) });
    expect(handBack(anAttempt('CAPTURED', 1_000, { refunded: money(400, EUR) }, ancv), ancv)).toEqual({ kind: 'refund', amount: money(600, EUR) });
  });
  it('a direct payment its PSP cannot refund is voided where it can, else owed to the payer', () => {
    const voidable = { ...sealedVoucher, capabilities: { ...sealedVoucher.capabilities, void: true } };
    expect(handBack(anAttempt('CAPTURED', 1_000, {}, voidable), voidable)).toEqual({ kind: 'void', amount: money(1_000, EUR) });
    expect(handBack(anAttempt('CAPTURED', 1_000, {}, sealedVoucher), sealedVoucher)).toEqual({ kind: 'owed-to-payer', amount: money(1_000, EUR) });
  });
  it('a refund that failed is not retried for ever: the money is owed to the payer', () => {
    const attempt = anAttempt('CAPTURED', 1_000, {}, ancv);
    const failed = { ...attempt, transactions: [...attempt.transactions, op('refund', 1_000, 'failed')] };
    expect(handBack(failed, ancv)).toEqual({ kind: 'owed-to-payer', amount: money(1_000, EUR) });
  });
  it('waits while a void or refund is on its way; nothing when no money is held or taken', () => {
    const attempt = anAttempt('AUTHORIZED', 1_000);
    expect(handBack({ ...attempt, transactions: [...attempt.transactions, op('void', 1_000, 'pending')] }, card)).toEqual({ kind: 'wait' });
    expect(handBack(anAttempt('DECLINED', 1_000), card)).toEqual({ kind: 'nothing' });
    expect(handBack({ ...attempt, transactions: [...attempt.transactions, op('void', 1_000, 'failed')] }, card)).toEqual({ kind: 'nothing' });
  });
  it('the note says how much and why', () => {
    expect(owedToPayerNote(money(1_000, EUR), sealedVoucher)).toBe('1000 EUR (minor units) taken by ancv at fake: the PSP can neither refund nor void it');
  });
});
