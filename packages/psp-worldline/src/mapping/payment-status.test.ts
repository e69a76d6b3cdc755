import { money } from '@splitpay/domain';
import { payment } from '../testing/worldline-fixtures';
import { declineCategory, openingFacts } from './payment-status';
import type { WorldlinePayment } from './worldline-payment';

const ID = '4000012345_0';
const TX = 'tx-1';
const pay = (status: string, statusCode: number, extra: Partial<Parameters<typeof payment>[0]> = {}) => payment({ id: ID, status, statusCode, amount: 5_000, merchantReference: TX, ...extra }) as unknown as WorldlinePayment;
const wero = { asked: money(5_000, 'EUR'), payerChoosesAmount: false };
const ancv = { asked: money(5_000, 'EUR'), payerChoosesAmount: true };
const ref = { transactionId: TX, providerRef: ID };

describe('Worldline payment status -> the opening verdict', () => {
  it.each([
    ['PENDING_CAPTURE', 5],
    ['CAPTURED', 9],
    ['PAID', 1000],
    ['REFUND_REQUESTED', 81],
    ['REFUNDED', 8],
  ])('%s (%i) -> authorized in full', (status, code) => {
    expect(openingFacts(pay(status, code), wero)).toEqual([{ kind: 'authorized', ref, providerRef: ID, granted: money(5_000, 'EUR'), statusCode: String(code) }]);
  });

  it.each([
    ['CREATED', 0],
    ['REDIRECTED', 46],
    ['PENDING_PAYMENT', 46],
    ['AUTHORIZATION_REQUESTED', 51],
    ['PENDING_COMPLETION', 50],
    // Worldline still collecting: not yet taken (a direct payment), or already granted before the capture was asked (a hold).
    ['CAPTURE_REQUESTED', 91],
  ])('%s (%i) -> no verdict yet', (status, code) => {
    expect(openingFacts(pay(status, code), wero)).toEqual([]);
    expect(openingFacts(pay(status, code), ancv)).toEqual([]);
  });

  it('PENDING_APPROVAL authorized (isAuthorized true) -> authorized in full: a hold held, awaiting our capture; not yet authorized -> no verdict', () => {
    const held = pay('PENDING_APPROVAL', 5, { statusCategory: 'PENDING_MERCHANT', isAuthorized: true });
    expect(openingFacts(held, wero)).toEqual([{ kind: 'authorized', ref, providerRef: ID, granted: money(5_000, 'EUR'), statusCode: '5' }]);
    expect(openingFacts(pay('PENDING_APPROVAL', 5, { statusCategory: 'PENDING_MERCHANT', isAuthorized: false }), wero)).toEqual([]);
  });

  it('REJECTED_CAPTURE (93) -> declined: the direct payment was never collected', () => {
    expect(openingFacts(pay('REJECTED_CAPTURE', 93, { statusCategory: 'UNSUCCESSFUL' }), ancv)).toEqual([{ kind: 'declined', ref, providerRef: ID, category: 'bank-refusal', statusCode: '93' }]);
    expect(openingFacts(pay('REJECTED_CAPTURE', 93, { statusCategory: 'UNSUCCESSFUL' }), wero)).toEqual([{ kind: 'declined', ref, providerRef: ID, category: 'bank-refusal', statusCode: '93' }]);
  });

  it('ANCV: an acquired amount of 0 is nothing collected yet, never the whole amount', () => {
    expect(openingFacts(pay('CAPTURE_REQUESTED', 91, { acquired: 0 }), ancv)).toEqual([]);
    expect(openingFacts(pay('CAPTURED', 9, { acquired: 0 }), ancv)).toEqual([]);
  });

  it('REJECTED (2) -> declined, its category read from the errors', () => {
    expect(openingFacts(pay('REJECTED', 2, { errors: [{ id: 'PAYMENT_REJECTED' }] }), wero)).toEqual([{ kind: 'declined', ref, providerRef: ID, category: 'bank-refusal', statusCode: '2' }]);
  });

  it('CANCELLED (1) before a verdict -> the payer backed out', () => {
    expect(openingFacts(pay('CANCELLED', 1), wero)).toEqual([{ kind: 'cancelled-by-payer', ref, providerRef: ID, statusCode: '1' }]);
  });

  it('ANCV: an acquired amount below the asked one is the payer’s chosen partial', () => {
    expect(openingFacts(pay('CAPTURED', 9, { acquired: 3_000 }), ancv)).toEqual([{ kind: 'authorized', ref, providerRef: ID, granted: money(3_000, 'EUR'), chosenByPayer: true, statusCode: '9' }]);
    // The whole amount acquired is a full grant; Wero never reads acquiredAmount as a choice.
    expect(openingFacts(pay('CAPTURED', 9, { acquired: 5_000 }), ancv)[0]).toMatchObject({ granted: money(5_000, 'EUR') });
    expect(openingFacts(pay('CAPTURED', 9, { acquired: 3_000 }), wero)[0]).toMatchObject({ granted: money(5_000, 'EUR') });
  });

  it('ANCV: a stated amount below the asked one without acquiredAmount is the payer’s chosen partial too; Wero’s is a grant of what Worldline states', () => {
    const lowered = pay('CAPTURED', 9, { amount: 3_000 });
    expect(openingFacts(lowered, ancv)).toEqual([{ kind: 'authorized', ref, providerRef: ID, granted: money(3_000, 'EUR'), chosenByPayer: true, statusCode: '9' }]);
    expect(openingFacts(lowered, wero)).toEqual([{ kind: 'authorized', ref, providerRef: ID, granted: money(3_000, 'EUR'), statusCode: '9' }]);
    // A webhook knows no asked amount: an ANCV payment's stated amount is the payer's choice (the core compares it with the attempt's request).
    expect(openingFacts(pay('CAPTURED', 9, { amount: 3_000, product: 5412 }), { payerChoosesAmount: true })[0]).toMatchObject({ granted: money(3_000, 'EUR'), chosenByPayer: true });
    expect(openingFacts(lowered, { payerChoosesAmount: true })[0]).not.toHaveProperty('chosenByPayer');
  });

  it.each([
    [[{ id: 'TIMEOUT', message: 'The payer did not approve in time' }], 'expired'],
    [[{ message: 'Transaction expired' }], 'expired'],
    [[{ id: 'INSUFFICIENT_FUNDS' }], 'insufficient-funds'],
    [[{ message: '3DS authentication failed' }], 'authentication-failed'],
    [[{ errorCode: '30511001' }], 'bank-refusal'],
    [undefined, 'bank-refusal'],
  ] as const)('refusal %j -> %s', (errors, category) => {
    expect(declineCategory(errors)).toBe(category);
  });
});
