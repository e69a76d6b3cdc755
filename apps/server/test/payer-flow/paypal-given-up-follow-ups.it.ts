import nock from 'nock';
import { ManualClock } from '@splitpay/infra';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { runRetryCalendar } from '../support/given-up-operation';
import { payPalOrderApproved } from '../support/paypal-approval';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, nock playing PayPal. Every answer to the capture (or the refund) is a
// 5xx, so the service gives it up (its verdict pending, the session CAPTURING, the refund in flight);
// PayPal did make it and never sends the webhook: the worker looks it up as D89 does for a PENDING
// answer (D93-e). No answer ever named PayPal's capture or refund, so the lookup reads it from the
// order (its invoice_id is our id; a refund's custom_id is too).

jest.setTimeout(30_000);

const MIN = 60_000;

interface StoredSession {
  readonly status: string;
  readonly captured: { amount: number };
  readonly attempts: {
    status: string;
    refunded: { amount: number };
    refundable: { amount: number };
    transactions: { type: string; providerRef?: string; status: { kind: string; statusCode?: string } }[];
  }[];
}

describe('PayPal: a capture or refund given up after 5xx answers, no webhook ever', () => {
  const service = providerService([{ method: 'paypal', provider: 'paypal', partialRefunds: true, settings: SETTINGS }], { clock: new ManualClock(Date.now()) });
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
  });

  const stored = async (sessionId: string) => (await readSession(h, sessionId)).body as unknown as StoredSession;

  it('is looked up in the order and found COMPLETED: the session reaches PAID, nothing captured again', async () => {
    const orderId = '7GIVENUP0CAPTURE01';
    const { sessionId, authorization, customId, comeBack } = await payPalOrderApproved(h, 'given-up-capture-looked-up', orderId);
    // The order as PayPal holds it: once `taken`, with the capture one of the sends made, under our id.
    let taken = false;
    let orderReads = 0;
    nock(SANDBOX)
      .persist()
      .get(`/v2/checkout/orders/${orderId}`)
      .reply(() => {
        const order = authorizedOrder(orderId, customId, { authorizationId: authorization, value: '100.00' });
        if (!taken) return [200, order];
        orderReads += 1;
        const capture = { id: `CAP-${orderId}`, status: 'COMPLETED', invoice_id: captureId, amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true };
        const authorized = { ...order.purchase_units[0]!.payments.authorizations[0]!, status: 'CAPTURED' };
        return [200, { ...order, purchase_units: [{ ...order.purchase_units[0]!, payments: { authorizations: [authorized], captures: [capture] } }] }];
      });
    let captureId = '';
    let captureSends = 0;
    nock(SANDBOX)
      .persist()
      .post(`/v2/payments/authorizations/${authorization}/capture`)
      .reply((_u, body) => {
        captureId = (body as { invoice_id: string }).invoice_id;
        captureSends += 1;
        return [503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }];
      });

    expect(await comeBack()).toBe(303);
    await runRetryCalendar(h);
    const sends = captureSends;
    expect(sends).toBeGreaterThanOrEqual(h.instance.core.policy.dispatchRetryDelaysMs.length + 1);
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(captureId))).toHaveLength(1);
    expect((await stored(sessionId)).status).toBe('CAPTURING');

    taken = true;
    h.clock.advance(11 * MIN);
    await h.runWorkers();

    const s = await stored(sessionId);
    expect(orderReads).toBe(1);
    expect([s.status, s.captured.amount, s.attempts[0]!.status]).toEqual(['PAID', 10_000, 'CAPTURED']);
    expect(s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
    expect(captureSends).toBe(sends);
  });

  it('a refund is looked up in the order, found under our id COMPLETED: refunded, nothing refunded again', async () => {
    const orderId = '7GIVENUP00REFUND01';
    const approved = await payPalOrderApproved(h, 'given-up-refund-looked-up', orderId);
    const capture = `CAP-${orderId}`;
    // The order as PayPal holds it: once `refunded`, listing the refund one of the sends made, under our id.
    let refunded = false;
    let orderReads = 0;
    let refundId = '';
    nock(SANDBOX)
      .persist()
      .get(`/v2/checkout/orders/${orderId}`)
      .reply(() => {
        const order = authorizedOrder(orderId, approved.customId, { authorizationId: approved.authorization, value: '100.00' });
        if (!refunded) return [200, order];
        orderReads += 1;
        const unit = order.purchase_units[0]!;
        const captures = [{ id: capture, status: 'PARTIALLY_REFUNDED', invoice_id: 'the-capture', amount: { currency_code: 'EUR', value: '100.00' } }];
        const refunds = [{ id: 'REF-GIVENUP', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '40.00' }, custom_id: refundId, invoice_id: refundId }];
        return [200, { ...order, purchase_units: [{ ...unit, payments: { ...unit.payments, captures, refunds } }] }];
      });
    nock(SANDBOX).post(`/v2/payments/authorizations/${approved.authorization}/capture`).reply(201, { id: capture, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '100.00' } });
    expect(await approved.comeBack()).toBe(303);
    for (let i = 0; i < 5 && (await stored(approved.sessionId)).status !== 'PAID'; i++) await h.runWorkers();
    expect((await stored(approved.sessionId)).status).toBe('PAID');

    let refundSends = 0;
    nock(SANDBOX)
      .persist()
      .post(`/v2/payments/captures/${capture}/refund`)
      .reply((_u, body) => {
        refundId = (body as { custom_id: string }).custom_id;
        refundSends += 1;
        return [503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }];
      });
    const res = await fetch(`${h.url}/api/attempts/${approved.attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken()}`, 'content-type': 'application/json', 'idempotency-key': 'given-up-refund-1' },
      body: JSON.stringify({ amount: 4_000 }),
    });
    expect(res.status).toBe(202);
    await h.instance.idle();
    await runRetryCalendar(h);
    const sends = refundSends;
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(refundId))).toHaveLength(1);
    expect((await stored(approved.sessionId)).attempts[0]!.transactions.find((t) => t.type === 'refund')!.status.kind).toBe('pending');

    refunded = true;
    h.clock.advance(11 * MIN);
    await h.runWorkers();

    const attempt = (await stored(approved.sessionId)).attempts[0]!;
    expect(orderReads).toBe(1);
    expect(attempt.transactions.find((t) => t.type === 'refund')).toMatchObject({ providerRef: 'REF-GIVENUP', status: { kind: 'succeeded', statusCode: 'COMPLETED' } });
    expect([attempt.refunded.amount, attempt.refundable.amount]).toEqual([4_000, 6_000]);
    expect(refundSends).toBe(sends);
  });
});
