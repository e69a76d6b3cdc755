import type { NotificationContext, OperationRef, PspFact } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { isolateNock } from '@splitpay/psp-testkit';
import { payment, refund, SETTINGS, webhook } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

// The shapes follow Worldline's own modules. Its Magento module sends payment.refunded and
// refund.refund_requested to one refund processor, which reads the event's refund object (a refund
// response): statusOutput.statusCode 8 is refunded, 82 (uncertain) is skipped, and the order is found
// by refundOutput.references.merchantReference and refundOutput.amountOfMoney. Its PrestaShop module
// presents payment.refunded from the event's refund, reading the same merchantReference and matching
// the part of the refund id before '_' with the payment's. Its commercetools module types a refund
// payload with the same fields. No Worldline page shows a refund event's body.

const PAY = '4000012345_0';
const REFUND_ID = '4000012345_1';
const TX = 'tx-1';
const REFUND_TX = 'refund-tx-1';
const OPENING_KINDS = ['authorized', 'declined', 'cancelled-by-payer'];

const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const asked: OperationRef[] = [];
const byPayment: NotificationContext = {
  settingsFor: async (ref) => {
    asked.push(ref);
    return ref.providerRef === PAY ? SETTINGS : undefined;
  },
};
const read = async (n: ReturnType<typeof webhook>, context: NotificationContext = byPayment): Promise<readonly PspFact[]> => {
  const parsed = await provider.parseNotification(n, context);
  if (parsed.kind !== 'accepted') throw new Error(parsed.reason);
  expect(parsed.reply.status).toBe(200);
  return parsed.facts;
};
const refunded = (status = 'REFUNDED', statusCode = 8, extra: Partial<Parameters<typeof refund>[0]> = {}) =>
  refund({ id: REFUND_ID, status, statusCode, amount: 1_500, merchantReference: TX, operationReference: REFUND_TX, ...extra });

isolateNock();
beforeEach(() => void asked.splice(0));

describe('Worldline events that carry a refund object', () => {
  it('payment.refunded carrying a refund -> the verdict on our refund (our operation reference, the refund id)', async () => {
    expect(await read(webhook('payment.refunded', { refund: refunded() }))).toEqual([
      { kind: 'refunded', success: true, ref: { transactionId: REFUND_TX, providerRef: REFUND_ID }, statusCode: 'REFUNDED' },
    ]);
    expect(asked).toEqual([{ transactionId: REFUND_TX, providerRef: PAY }]);
  });

  it('without our operation reference: named by the refund id, never by the payment’s merchantReference (our opening’s)', async () => {
    const facts = await read(webhook('payment.refunded', { refund: refunded('REFUNDED', 8, { operationReference: undefined }) }));
    expect(facts).toEqual([{ kind: 'refunded', success: true, ref: { providerRef: REFUND_ID }, statusCode: 'REFUNDED' }]);
    expect(facts.filter((f) => OPENING_KINDS.includes(f.kind))).toEqual([]);
    // The opening's merchantReference only finds the contract.
    expect(asked).toEqual([{ transactionId: TX, providerRef: PAY }]);
  });

  it.each([
    ['uncertain (82)', 'REFUND_REQUESTED', 82],
    ['requested (81)', 'REFUND_REQUESTED', 81],
  ])('payment.refunded whose refund is %s -> acknowledged, nothing', async (_name, status, code) => {
    expect(await read(webhook('payment.refunded', { refund: refunded(status, code) }))).toEqual([]);
  });

  it('payment.rejected carrying a rejected refund -> a failed refund, not a declined opening', async () => {
    expect(await read(webhook('payment.rejected', { refund: refunded('REJECTED', 83) }))).toEqual([
      { kind: 'refunded', success: false, ref: { transactionId: REFUND_TX, providerRef: REFUND_ID }, statusCode: 'REJECTED', statusMessage: 'Worldline rejected the refund' },
    ]);
  });

  it('a hosted checkout’s payment (ANCV on 5403): found and named by our refund’s transaction id', async () => {
    const byRefund: NotificationContext = { settingsFor: async (ref) => (ref.transactionId === REFUND_TX ? { ...SETTINGS, ancvProductId: 5403 } : undefined) };
    const object = refund({ id: '4000067890_1', status: 'REFUNDED', statusCode: 8, amount: 7_000, merchantReference: TX, operationReference: REFUND_TX });
    expect(await read(webhook('payment.refunded', { refund: object }), byRefund)).toEqual([
      { kind: 'refunded', success: true, ref: { transactionId: REFUND_TX, providerRef: '4000067890_1' }, statusCode: 'REFUNDED' },
    ]);
  });
});

describe('refund events that carry a payment object instead', () => {
  const pay = (status: string, statusCode: number) => payment({ id: PAY, status, statusCode, amount: 5_000, merchantReference: TX });

  it('a REFUNDED payment -> a refund verdict on the payment, for the attempt’s pending refund', async () => {
    expect(await read(webhook('refund.refunded', { payment: pay('REFUNDED', 8) }))).toEqual([{ kind: 'refunded', success: true, inFull: true, ref: { providerRef: PAY }, statusCode: '8' }]);
  });

  it.each([
    ['refund.rejected', 'CAPTURED', 9],
    ['refund.refund_requested', 'REJECTED', 2],
    ['refund.refunded', 'PENDING_CAPTURE', 5],
  ])('%s carrying a %s payment -> acknowledged, nothing (never a verdict on the opening)', async (type, status, code) => {
    expect(await read(webhook(type, { payment: pay(status, code) }))).toEqual([]);
  });
});

describe('a refund.* event carrying a payment and a refund is verified with the contract of the refund its facts name (D80)', () => {
  const A = { ...SETTINGS, webhookKeyId: 'wh-key-a', webhookSecret: 'merchantA-webhook-secret-0123456789' };
  const B = { ...SETTINGS, webhookKeyId: 'wh-key-b', webhookSecret: 'merchantB-webhook-secret-0123456789' };
  const PAY_A = '4000011111_0';
  const PAY_B = '4000022222_0';
  const twoMerchants: NotificationContext = { settingsFor: async (ref) => ({ [PAY_A]: A, [PAY_B]: B })[ref.providerRef ?? ''] };

  it("refuses one signed with A's key whose payment is A's and whose refund is B's", async () => {
    const forged = webhook(
      'refund.refunded',
      { payment: payment({ id: PAY_A, status: 'CAPTURED', statusCode: 9, amount: 5_000, merchantReference: 'tx-a' }), refund: refund({ id: '4000022222_1', status: 'REFUNDED', statusCode: 8, amount: 5_000 }) },
      A.webhookSecret,
      A.webhookKeyId,
    );
    expect(await provider.parseNotification(forged, twoMerchants)).toEqual(expect.objectContaining({ kind: 'rejected', reply: expect.objectContaining({ status: 401 }) }));
  });

  it("reads A's own: the refund's verdict, verified with A's contract", async () => {
    const own = webhook(
      'refund.refunded',
      { payment: payment({ id: PAY_A, status: 'CAPTURED', statusCode: 9, amount: 5_000, merchantReference: 'tx-a' }), refund: refund({ id: '4000011111_1', status: 'REFUNDED', statusCode: 8, amount: 5_000 }) },
      A.webhookSecret,
      A.webhookKeyId,
    );
    expect(await read(own, twoMerchants)).toEqual([{ kind: 'refunded', success: true, ref: { providerRef: '4000011111_1' }, statusCode: 'REFUNDED' }]);
  });
});
