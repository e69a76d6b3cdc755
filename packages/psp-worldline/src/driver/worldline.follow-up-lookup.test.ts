import { money, type FollowUpLookupInput, type OpenInput, type OperationRef, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { captureAnswer, hostedCheckoutStatus, MERCHANT, payment, refund, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

// Worldline answers a capture CAPTURE_REQUESTED (91) or a refund REFUND_REQUESTED (81): the service
// looks the operation up later (docs/decisions.md D89, D94). Shapes: Worldline's CapturesResponse
// {captures: [Capture]} and RefundsResponse {refunds: [RefundResponse]} (GET .../captures, .../refunds).

const P = `/v2/${MERCHANT}/payments`;
const OPENING_TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc33' as TransactionId;
const PAY = '4000012345_0';
const CAPTURE_TX = 'b1c2d3e4-0000-4000-8000-00000000000c' as TransactionId;
const REFUND_TX = 'b1c2d3e4-0000-4000-8000-00000000000f' as TransactionId;

const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const driver = (method: 'wero' | 'ancv') => provider.drivers.find((d) => d.method === method)!;

function lookupInput(type: FollowUpLookupInput['type'], operation: OperationRef, settings: Record<string, unknown> = SETTINGS, method: 'wero' | 'ancv' = 'wero', opening = PAY): FollowUpLookupInput {
  return {
    transactionId: operation.transactionId as TransactionId,
    attemptId: 'att-1' as OpenInput['attemptId'],
    reference: 'order-42-abcdef123',
    offer: { id: method, method, provider: 'worldline', capabilities: driver(method).capabilitiesFor!(settings), partialRefunds: true } as OpenInput['offer'],
    settings,
    type,
    amount: money(4_000, 'EUR'),
    operation,
    opening: { transactionId: OPENING_TX, providerRef: opening },
  };
}

const captureOf = (id: string, status: string, statusCode: number, operationReference?: string) => captureAnswer({ id, status, statusCode, amount: 4_000, ...(operationReference ? { operationReference } : {}) });

isolateNock();
afterEach(() => nock.cleanAll());

describe('Worldline Direct: looking up a capture, void or refund taken without its verdict', () => {
  it('both methods declare it, under every contract', () => {
    for (const [method, settings] of [['wero', SETTINGS], ['wero', { ...SETTINGS, operation: 'payment' }], ['ancv', SETTINGS], ['ancv', { ...SETTINGS, ancvProductId: 5403 }]] as const) {
      expect(driver(method).capabilitiesFor!(settings).followUpLookup).toBe(true);
    }
    expect(typeof driver('wero').lookupFollowUp).toBe('function');
  });

  it.each([
    ['CAPTURED', 9, true],
    ['REJECTED_CAPTURE', 93, false],
  ])('a capture: GET the payment captures, ours by the id Worldline gave: %s (%i) is its verdict', async (status, code, success) => {
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(200, { captures: [captureOf('4000012345_1', 'CAPTURED', 9), captureOf('4000012345_2', status, code)] });
    const out = await driver('wero').lookupFollowUp!(lookupInput('capture', { transactionId: CAPTURE_TX, providerRef: '4000012345_2' }));
    expect(out).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, providerRef: '4000012345_2' },
      facts: [{ kind: 'captured', success, ref: { transactionId: CAPTURE_TX, providerRef: '4000012345_2' }, providerRef: '4000012345_2', statusCode: String(code), ...(success ? {} : { statusMessage: 'Worldline refused the capture' }) }],
    });
  });

  it('a capture still CAPTURE_REQUESTED (91), missing from the list, or its answer not a 200 (404, 500, none) is no verdict', async () => {
    const input = lookupInput('capture', { transactionId: CAPTURE_TX, providerRef: '4000012345_1' });
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(200, { captures: [captureOf('4000012345_1', 'CAPTURE_REQUESTED', 91)] });
    expect(await driver('wero').lookupFollowUp!(input)).toEqual({ ack: { outcome: 'accepted', httpStatus: 200, providerRef: '4000012345_1' }, facts: [] });
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(200, { captures: [captureOf('4000012345_3', 'CAPTURED', 9)] });
    expect((await driver('wero').lookupFollowUp!(input)).facts).toEqual([]);
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(404, { errorId: 'e', errors: [{ errorCode: '50001111', message: 'not found' }] });
    expect((await driver('wero').lookupFollowUp!(input)).facts).toEqual([]);
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(500, {});
    expect(await driver('wero').lookupFollowUp!(input)).toMatchObject({ ack: { outcome: 'unknown' }, facts: [] });
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).replyWithError('socket hang up');
    expect(await driver('wero').lookupFollowUp!(input)).toMatchObject({ ack: { outcome: 'unknown' }, facts: [] });
  });

  it('a capture whose answer named no id is found by the operation reference our request sent (our transaction id)', async () => {
    nock(TEST_BASE).get(`${P}/${PAY}/captures`).reply(200, { captures: [captureOf('4000012345_1', 'CAPTURED', 9, 'someone-else'), captureOf('4000012345_2', 'CAPTURED', 9, CAPTURE_TX)] });
    const out = await driver('wero').lookupFollowUp!(lookupInput('capture', { transactionId: CAPTURE_TX }));
    expect(out.facts).toEqual([{ kind: 'captured', success: true, ref: { transactionId: CAPTURE_TX, providerRef: '4000012345_2' }, providerRef: '4000012345_2', statusCode: '9' }]);
  });

  it.each([
    ['REFUNDED', 8, true],
    ['REJECTED', 83, false],
  ])('a refund: GET the payment refunds, ours by its id or our reference: %s (%i) is its verdict', async (status, code, success) => {
    const refunds = [refund({ id: '4000012345_1', status: 'REFUNDED', statusCode: 8, amount: 1_000, merchantReference: OPENING_TX }), refund({ id: '4000012345_2', status, statusCode: code, amount: 4_000, merchantReference: OPENING_TX, operationReference: REFUND_TX })];
    nock(TEST_BASE).get(`${P}/${PAY}/refunds`).times(2).reply(200, { refunds });
    const expected = { kind: 'refunded', success, ref: { transactionId: REFUND_TX, providerRef: '4000012345_2' }, providerRef: '4000012345_2', statusCode: String(code), ...(success ? {} : { statusMessage: 'Worldline refused the refund' }) };
    expect((await driver('ancv').lookupFollowUp!(lookupInput('refund', { transactionId: REFUND_TX, providerRef: '4000012345_2' }, SETTINGS, 'ancv'))).facts).toEqual([expected]);
    expect((await driver('ancv').lookupFollowUp!(lookupInput('refund', { transactionId: REFUND_TX }, SETTINGS, 'ancv'))).facts).toEqual([expected]);
  });

  it('a refund still REFUND_REQUESTED (81) is no verdict', async () => {
    nock(TEST_BASE).get(`${P}/${PAY}/refunds`).reply(200, { refunds: [refund({ id: '4000012345_2', status: 'REFUND_REQUESTED', statusCode: 81, amount: 4_000, operationReference: REFUND_TX })] });
    expect((await driver('wero').lookupFollowUp!(lookupInput('refund', { transactionId: REFUND_TX, providerRef: '4000012345_2' }))).facts).toEqual([]);
  });

  it('a void reads the payment: CANCELLED is voided, a payment still held is no verdict', async () => {
    const VOID_TX = 'b1c2d3e4-0000-4000-8000-00000000000d' as TransactionId;
    nock(TEST_BASE).get(`${P}/${PAY}`).reply(200, payment({ id: PAY, status: 'PENDING_CAPTURE', statusCode: 5, amount: 4_000, merchantReference: OPENING_TX }));
    expect((await driver('wero').lookupFollowUp!(lookupInput('void', { transactionId: VOID_TX, providerRef: PAY }))).facts).toEqual([]);
    nock(TEST_BASE).get(`${P}/${PAY}`).reply(200, payment({ id: PAY, status: 'CANCELLED', statusCode: 6, statusCategory: 'UNSUCCESSFUL', amount: 4_000, merchantReference: OPENING_TX }));
    expect((await driver('wero').lookupFollowUp!(lookupInput('void', { transactionId: VOID_TX, providerRef: PAY }))).facts).toEqual([
      { kind: 'voided', success: true, ref: { transactionId: VOID_TX, providerRef: PAY }, providerRef: PAY, statusCode: '6' },
    ]);
  });

  it('ANCV on 5403: the refunds of the payment the hosted checkout created', async () => {
    const settings = { ...SETTINGS, ancvProductId: 5403 };
    const created = payment({ id: '4000099999_0', status: 'CAPTURED', statusCode: 9, statusCategory: 'COMPLETED', amount: 4_000, merchantReference: OPENING_TX, product: 5403, hostedCheckoutId: 'hc-1' });
    nock(TEST_BASE).get(`/v2/${MERCHANT}/hostedcheckouts/hc-1`).reply(200, hostedCheckoutStatus('PAYMENT_CREATED', created));
    nock(TEST_BASE).get(`${P}/4000099999_0/refunds`).reply(200, { refunds: [refund({ id: '4000099999_1', status: 'REFUNDED', statusCode: 8, amount: 4_000, operationReference: REFUND_TX })] });
    const out = await driver('ancv').lookupFollowUp!(lookupInput('refund', { transactionId: REFUND_TX, providerRef: '4000099999_1' }, settings, 'ancv', 'hc-1'));
    expect(out.facts).toMatchObject([{ kind: 'refunded', success: true, ref: { transactionId: REFUND_TX, providerRef: '4000099999_1' } }]);
  });
});
