import nock from 'nock';
import { money, type PspDriver } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, authorizedOrder, followUpLookupInput, paypalError, silentLogger, tokenEndpoint } from '../testing/paypal.fixtures';

isolateNock();

const ORDER = '5O190127TN364715T';
const CAPTURE = '2GG279541U471931P';
const REFUND = '1JU08902781691411';
const opening = { transactionId: '0195f2a4-4444-7000-8000-00000000000a', providerRef: ORDER };
const CAPTURE_TX = '0195f2a4-4444-7000-8000-00000000000b';
const REFUND_TX = '0195f2a4-4444-7000-8000-00000000000c';

/** GET /v2/payments/captures/{id} as PayPal documents it (trimmed of breakdowns and links). */
function captureResource(status: string, reason?: string) {
  return {
    id: CAPTURE,
    status,
    ...(reason ? { status_details: { reason } } : {}),
    amount: { currency_code: 'EUR', value: '100.00' },
    final_capture: true,
    invoice_id: CAPTURE_TX,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    links: [{ href: `${SANDBOX}/v2/payments/captures/${CAPTURE}`, rel: 'self', method: 'GET' }],
    create_time: '2026-11-20T10:00:00Z',
    update_time: '2026-11-21T10:00:00Z',
  };
}

/** GET /v2/payments/refunds/{id} as PayPal documents it (trimmed). */
function refundResource(status: string, reason?: string) {
  return {
    id: REFUND,
    status,
    ...(reason ? { status_details: { reason } } : {}),
    amount: { currency_code: 'EUR', value: '40.00' },
    invoice_id: REFUND_TX,
    custom_id: REFUND_TX,
    links: [{ href: `${SANDBOX}/v2/payments/refunds/${REFUND}`, rel: 'self', method: 'GET' }],
  };
}

describe('PayPal driver: lookup of a capture or refund PayPal answered PENDING', () => {
  let driver: PspDriver;
  beforeEach(() => {
    driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0]!;
    tokenEndpoint('tok-l');
  });
  afterEach(() => nock.cleanAll());

  it('is declared', () => {
    expect(driver.capabilities.followUpLookup).toBe(true);
    expect(typeof driver.lookupFollowUp).toBe('function');
  });

  describe('capture (GET /v2/payments/captures/{id}, the id its answer gave)', () => {
    const lookup = () => driver.lookupFollowUp!(followUpLookupInput('capture', { transactionId: CAPTURE_TX as never, providerRef: CAPTURE }, opening, money(10_000, 'EUR')));

    it.each([
      ['COMPLETED', true],
      ['PARTIALLY_REFUNDED', true],
      ['REFUNDED', true],
      ['DECLINED', false],
      ['FAILED', false],
    ])('%s is the capture verdict (success %s)', async (status, success) => {
      nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).matchHeader('authorization', 'Bearer tok-l').reply(200, captureResource(status));
      expect(await lookup()).toEqual({
        ack: { outcome: 'accepted', httpStatus: 200, code: status, providerRef: CAPTURE },
        facts: [{ kind: 'captured', success, ref: { transactionId: CAPTURE_TX, providerRef: CAPTURE }, providerRef: CAPTURE, statusCode: status }],
      });
    });

    it('still PENDING (under review) tells nothing yet', async () => {
      nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).reply(200, captureResource('PENDING', 'PENDING_REVIEW'));
      expect((await lookup()).facts).toEqual([]);
    });

    it('a 404, a 500 or no answer tells nothing (never a failed capture: the lookup only reads)', async () => {
      nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
      expect((await lookup()).facts).toEqual([]);
      nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).reply(500, { name: 'INTERNAL_SERVER_ERROR' });
      expect((await lookup()).facts).toEqual([]);
      nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).replyWithError('socket hang up');
      expect((await lookup()).facts).toEqual([]);
    });

    it('without PayPal\'s id, the order\'s capture carrying our transaction id as invoice_id decides', async () => {
      const order = authorizedOrder(ORDER, opening.transactionId, { status: 'CAPTURED' });
      order.purchase_units[0]!.payments = { ...order.purchase_units[0]!.payments, captures: [captureResource('COMPLETED')] } as never;
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, order);
      const output = await driver.lookupFollowUp!(followUpLookupInput('capture', { transactionId: CAPTURE_TX as never }, opening));
      expect(output.facts).toEqual([{ kind: 'captured', success: true, ref: { transactionId: CAPTURE_TX, providerRef: CAPTURE }, providerRef: CAPTURE, statusCode: 'COMPLETED' }]);
    });
  });

  describe('refund (GET /v2/payments/refunds/{id})', () => {
    const lookup = () => driver.lookupFollowUp!(followUpLookupInput('refund', { transactionId: REFUND_TX as never, providerRef: REFUND }, opening, money(4_000, 'EUR')));

    it.each([
      ['COMPLETED', true],
      ['FAILED', false],
      ['CANCELLED', false],
    ])('%s is the refund verdict (success %s)', async (status, success) => {
      nock(SANDBOX).get(`/v2/payments/refunds/${REFUND}`).matchHeader('authorization', 'Bearer tok-l').reply(200, refundResource(status));
      expect((await lookup()).facts).toEqual([{ kind: 'refunded', success, ref: { transactionId: REFUND_TX, providerRef: REFUND }, providerRef: REFUND, statusCode: status }]);
    });

    it('still PENDING (an eCheck) tells nothing yet', async () => {
      nock(SANDBOX).get(`/v2/payments/refunds/${REFUND}`).reply(200, refundResource('PENDING', 'ECHECK'));
      expect((await lookup()).facts).toEqual([]);
    });

    /** The order as PayPal holds it once captured, listing `refunds` (Orders v2 `payments.refunds`). */
    function orderListing(refunds: object[]) {
      const order = authorizedOrder(ORDER, opening.transactionId, { status: 'CAPTURED' });
      order.purchase_units[0]!.payments = { ...order.purchase_units[0]!.payments, captures: [captureResource('PARTIALLY_REFUNDED')], refunds } as never;
      return order;
    }
    const unnamed = () => driver.lookupFollowUp!(followUpLookupInput('refund', { transactionId: REFUND_TX as never }, opening, money(4_000, 'EUR')));

    it.each([
      ['COMPLETED', true],
      ['FAILED', false],
    ])("without PayPal's id (its answers lost), the order's refund carrying our transaction id decides: %s", async (status, success) => {
      const another = { ...refundResource('COMPLETED'), id: '9OTHER00000000000', invoice_id: 'another-refund', custom_id: 'another-refund' };
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer tok-l').reply(200, orderListing([another, refundResource(status)]));
      expect((await unnamed()).facts).toEqual([{ kind: 'refunded', success, ref: { transactionId: REFUND_TX, providerRef: REFUND }, providerRef: REFUND, statusCode: status }]);
    });

    it("without PayPal's id, an order listing no refund of ours, or still PENDING, tells nothing yet", async () => {
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, orderListing([{ ...refundResource('COMPLETED'), invoice_id: 'another-refund', custom_id: 'another-refund' }]));
      expect((await unnamed()).facts).toEqual([]);
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, orderListing([refundResource('PENDING', 'ECHECK')]));
      expect((await unnamed()).facts).toEqual([]);
    });
  });

  it('void: the order\'s authorization VOIDED is the void\'s success', async () => {
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, opening.transactionId, { authorizationId: 'AUTH-V', status: 'VOIDED' }));
    const output = await driver.lookupFollowUp!(followUpLookupInput('void', { transactionId: '0195f2a4-4444-7000-8000-00000000000d' as never }, opening));
    expect(output.facts).toMatchObject([{ kind: 'voided', success: true, providerRef: 'AUTH-V', statusCode: 'VOIDED' }]);
  });
});
