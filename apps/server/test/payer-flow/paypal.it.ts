import nock from 'nock';
import type { SessionView } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { CERT_HOST, CERT_PATH, delivery, event } from '@splitpay/psp-paypal/src/testing/paypal-webhook.fixtures';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { makeSigningPair } from '@splitpay/psp-paypal/src/testing/signing-certificate';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { navigate } from '../support/elements-client';
import { SHOP } from '../support/merchants.fixture';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, with nock playing PayPal (api-m.sandbox.paypal.com) and the fake PSP
// serving cards.

const paid = (v: SessionView) => v.status === 'PAID';
const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

/** What the driver sent PayPal when it created an order: where PayPal sends the payer back. */
interface CreatedOrder {
  readonly orderId: string;
  readonly requestId: string;
  returnUrl: string;
  cancelUrl: string;
  customId: string;
}

/** PayPal creates the next order, remembering the return and cancel URLs it was given. */
function paypalCreatesOrder(orderId: string): CreatedOrder {
  const created: CreatedOrder = { orderId, requestId: '', returnUrl: '', cancelUrl: '', customId: '' };
  nock(SANDBOX)
    .post('/v2/checkout/orders')
    .matchHeader('authorization', 'Bearer A21AA-service-token')
    .reply(function (_uri, body) {
      const order = body as { purchase_units: { custom_id: string }[]; payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string } } } };
      Object.assign(created, {
        requestId: this.req.headers['paypal-request-id'],
        returnUrl: order.payment_source.paypal.experience_context.return_url,
        cancelUrl: order.payment_source.paypal.experience_context.cancel_url,
        customId: order.purchase_units[0]!.custom_id,
      });
      return [201, { id: orderId, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` }] }];
    });
  return created;
}

/** The payer leaves PayPal by the button that leads to `url`, which PayPal completes with its own fields. */
function backFromPayPal(url: string, fields: Record<string, string>): Promise<{ status: number; headers: Headers }> {
  const target = new URL(url);
  for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
  return navigate(target.toString());
}

describe('PayPal through the whole service', () => {
  const pair = makeSigningPair();
  // The merchant's chargeback endpoint, listening before the service reads the merchant's entry.
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const service = providerService(
    [
      { method: 'card', provider: 'fake', partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
      { method: 'paypal', provider: 'paypal', partialRefunds: true, settings: SETTINGS },
    ],
    // A clock at the real time: the throw-away signing certificate is valid from now on.
    { clock: new ManualClock(Date.now()), store: 'test', account: () => ({ chargebackUrl: receiver.url('/chargebacks') }) },
  );
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
  });

  /** A session of 100.00 split: `paypalAmount` by PayPal (approved and authorized on the return), the rest by card; PAID. */
  async function paidSplit(orderRef: string, orderId: string, paypalAmount: number) {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: orderRef,
      methods: [{ method: 'paypal' }, { method: 'card' }],
      returnUrl: 'https://shop.example/back',
      cancelUrl: 'https://shop.example/cancelled',
    });
    const created = paypalCreatesOrder(orderId);
    const started = await page.start({ methodId: 'paypal', amount: paypalAmount });
    expect(started.status).toBe(201);
    const attemptId = started.body.attemptId!;
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'paypal', status: 'AUTHORIZING', redirect: { kind: 'navigate', url: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` } });
    expect(created.returnUrl).toBe(`${h.url}/elements/return/${attemptId}`);

    const value = (paypalAmount / 100).toFixed(2);
    const authorize = nock(SANDBOX)
      .post(`/v2/checkout/orders/${orderId}/authorize`)
      .matchHeader('paypal-request-id', created.requestId)
      .reply(201, authorizedOrder(orderId, created.customId, { authorizationId: `AUTH-${orderId}`, value }));
    const back = await backFromPayPal(created.returnUrl, { token: orderId, PayerID: 'QYR5Z8XDVJNXQ' });
    expect([back.status, back.headers.get('location')]).toEqual([303, 'https://shop.example/back']);
    expect(authorize.isDone()).toBe(true);
    const held = await page.view();
    expect(held.body.view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 - paypalAmount }, attempts: [{ method: 'paypal', status: 'AUTHORIZED', granted: { amount: paypalAmount } }] });

    // Covered by the card: both holds are captured, PayPal's as its final capture.
    nock(SANDBOX).get(`/v2/checkout/orders/${orderId}`).reply(200, authorizedOrder(orderId, created.customId, { authorizationId: `AUTH-${orderId}`, value }));
    const capture = nock(SANDBOX)
      .post(`/v2/payments/authorizations/AUTH-${orderId}/capture`, (body: { amount: unknown; final_capture: boolean }) => JSON.stringify(body.amount) === `{"currency_code":"EUR","value":"${value}"}` && body.final_capture === true)
      .reply(201, { id: `CAP-${orderId}`, status: 'COMPLETED', amount: { currency_code: 'EUR', value } });
    await page.payByCard('card', 10_000 - paypalAmount);
    const view = await page.waitFor(paid);
    expect(capture.isDone()).toBe(true);
    return { page, sessionId, attemptId, view, created };
  }

  it("keeps the contract's client secret sealed at rest, the other settings in clear", async () => {
    const account = await h.stores.merchants.findById(SHOP.merchantId as never);
    const contract = account?.contracts.find((c) => c.provider === 'paypal');
    expect(contract?.settings).toEqual({ clientId: SETTINGS.clientId, webhookId: SETTINGS.webhookId, environment: 'sandbox' });
    expect(Object.keys(contract?.sealedSettings ?? {})).toEqual(['clientSecret']);
    expect(JSON.stringify(account)).not.toContain(SETTINGS.clientSecret);
  });

  it('a session split between PayPal and a card on the fake provider reaches PAID', async () => {
    const { view, sessionId } = await paidSplit('split-paypal-card', '5O190127TN364715T', 4_000);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([
      ['paypal', 'CAPTURED', 4_000],
      ['card', 'CAPTURED', 6_000],
    ]);
    const stored = (await readSession(h, sessionId)).body as { status: string; captured: { amount: number }; attempts: { transactions: { type: string; status: { kind: string }; providerRef?: string }[] }[] };
    expect(stored).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
    expect(stored.attempts[0]!.transactions.map((t) => [t.type, t.status.kind, t.providerRef])).toEqual([
      ['authorization', 'succeeded', '5O190127TN364715T'],
      ['capture', 'succeeded', 'CAP-5O190127TN364715T'],
    ]);
  });

  it('a PayPal refund goes through: a slice, then the rest, each with its own PayPal-Request-Id', async () => {
    const { sessionId, attemptId } = await paidSplit('refund-paypal', '8AB12345CD678901E', 5_000);
    const client = await h.clientToken(SHOP);
    const requestIds: string[] = [];
    const refundCall = (value: string, id: string) =>
      nock(SANDBOX)
        .post('/v2/payments/captures/CAP-8AB12345CD678901E/refund', (body: { amount: { value: string } }) => body.amount.value === value)
        .matchHeader('authorization', 'Bearer A21AA-service-token')
        .reply(function () {
          requestIds.push(String(this.req.headers['paypal-request-id']));
          return [201, { id, status: 'COMPLETED', amount: { currency_code: 'EUR', value } }];
        });
    const refund = (body: object, key: string) =>
      fetch(`${h.url}/api/attempts/${attemptId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${client}`, 'Content-Type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });

    const slice = refundCall('15.00', 'REF-1');
    expect((await refund({ amount: 1_500 }, 'refund-paypal-1')).status).toBe(202);
    expect(slice.isDone()).toBe(true);
    const rest = refundCall('35.00', 'REF-2');
    expect((await refund({}, 'refund-paypal-2')).status).toBe(202);
    expect(rest.isDone()).toBe(true);

    const stored = (await readSession(h, sessionId)).body as { attempts: { refunded: { amount: number }; refundable: { amount: number }; transactions: { transactionId: string; type: string; status: { kind: string }; providerRef?: string }[] }[] };
    const paypal = stored.attempts[0]!;
    expect([paypal.refunded.amount, paypal.refundable.amount]).toEqual([5_000, 0]);
    const refunds = paypal.transactions.filter((t) => t.type === 'refund');
    expect(refunds.map((t) => [t.status.kind, t.providerRef])).toEqual([
      ['succeeded', 'REF-1'],
      ['succeeded', 'REF-2'],
    ]);
    expect(requestIds).toEqual(refunds.map((t) => t.transactionId));
  });

  it('a payer who cancels at PayPal can then pay the whole order by card', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'paypal-cancelled',
      methods: [{ method: 'paypal' }, { method: 'card' }],
      returnUrl: 'https://shop.example/back',
      cancelUrl: 'https://shop.example/cancelled',
    });
    const created = paypalCreatesOrder('3C679366HH908993F');
    const started = await page.start({ methodId: 'paypal', amount: 10_000 });
    expect(created.cancelUrl).toBe(`${h.url}/elements/return/${started.body.attemptId}?paypal=cancel`);

    // "Cancel and return": PayPal sends the payer to the cancel_url; the order was never approved.
    nock(SANDBOX).get('/v2/checkout/orders/3C679366HH908993F').reply(200, { id: '3C679366HH908993F', status: 'PAYER_ACTION_REQUIRED', links: [] });
    const back = await backFromPayPal(created.cancelUrl, { token: '3C679366HH908993F' });
    expect([back.status, back.headers.get('location')]).toEqual([303, 'https://shop.example/cancelled']);
    const after = await page.waitFor(settled);
    expect(after).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 }, attempts: [{ method: 'paypal', status: 'CANCELLED' }] });

    await page.payByCard('card', 10_000);
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([
      ['paypal', 'CANCELLED', 0],
      ['card', 'CAPTURED', 10_000],
    ]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
  });

  it('a payer who approved at PayPal but never came back: the overdue verdict is looked up, and the approved order authorized then', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_500, orderId: 'paypal-no-return', methods: [{ method: 'paypal' }], returnUrl: 'https://shop.example/back' });
    const created = paypalCreatesOrder('7TY40341PK291723X');
    await page.start({ methodId: 'paypal', amount: 2_500 });

    h.clock.advance(61_000);
    nock(SANDBOX).get('/v2/checkout/orders/7TY40341PK291723X').reply(200, { id: '7TY40341PK291723X', status: 'APPROVED', links: [] });
    const authorize = nock(SANDBOX)
      .post('/v2/checkout/orders/7TY40341PK291723X/authorize')
      .matchHeader('paypal-request-id', created.requestId)
      .reply(201, authorizedOrder('7TY40341PK291723X', created.customId, { authorizationId: 'AUTH-LATE', value: '25.00' }));
    nock(SANDBOX).get('/v2/checkout/orders/7TY40341PK291723X').reply(200, authorizedOrder('7TY40341PK291723X', created.customId, { authorizationId: 'AUTH-LATE', value: '25.00' }));
    const capture = nock(SANDBOX).post('/v2/payments/authorizations/AUTH-LATE/capture').reply(201, { id: 'CAP-LATE', status: 'COMPLETED' });
    await h.runWorkers();
    expect(authorize.isDone()).toBe(true);
    // The session is covered: the hold is captured (in that turn or the next one).
    await h.runWorkers();
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([['paypal', 'CAPTURED', 2_500]]);
    expect(capture.isDone()).toBe(true);
  });

  it('a forged PayPal webhook changes nothing; a genuine one is acknowledged', async () => {
    const { sessionId, created } = await paidSplit('webhook-paypal', '9XY12345CD678901E', 3_000);
    const before = (await readSession(h, sessionId)).body;
    const denied = event('PAYMENT.CAPTURE.DENIED', 'capture', {
      id: 'CAP-9XY12345CD678901E',
      status: 'DENIED',
      amount: { currency_code: 'EUR', value: '30.00' },
      custom_id: created.customId,
      supplementary_data: { related_ids: { order_id: '9XY12345CD678901E' } },
    });
    const post = (n: { headers: Readonly<Record<string, string | undefined>>; rawBody: string }) =>
      fetch(`${h.url}/psp/paypal/notifications`, { method: 'POST', headers: n.headers as Record<string, string>, body: n.rawBody });

    // Signed with another key, the certificate at PayPal's URL does not match.
    nock(CERT_HOST).persist().get(CERT_PATH).reply(200, pair.certificatePem);
    const forger = makeSigningPair();
    expect((await post(delivery(denied, forger))).status).toBe(401);
    // The forger's own certificate, served from another host: never fetched.
    const evil = nock('https://certs.evil.example').get('/paypal.pem').reply(200, forger.certificatePem);
    expect((await post(delivery(denied, forger, { certUrl: 'https://certs.evil.example/paypal.pem' }))).status).toBe(401);
    expect(evil.isDone()).toBe(false);
    expect((await readSession(h, sessionId)).body).toEqual(before);

    // PayPal's own delivery of a verdict the service already holds: 200, nothing changes.
    const completed = event('PAYMENT.CAPTURE.COMPLETED', 'capture', { id: 'CAP-9XY12345CD678901E', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '30.00' }, custom_id: created.customId });
    expect((await post(delivery(completed, pair))).status).toBe(200);
    expect((await readSession(h, sessionId)).body).toEqual(before);
    expect(h.logLines.join('\n')).not.toContain(SETTINGS.clientSecret);
    expect(h.logLines.join('\n')).not.toContain('A21AA-service-token');
  });

  it.each([
    ['the dispute first', 'dispute-first', '1DF12345CD678901E', ['CUSTOMER.DISPUTE.CREATED', 'PAYMENT.CAPTURE.REVERSED']],
    ['the reversal first', 'reversal-first', '2RF12345CD678901E', ['PAYMENT.CAPTURE.REVERSED', 'CUSTOMER.DISPUTE.CREATED']],
  ])('a chargeback dispute and the reversal of its capture give the merchant one chargeback (%s)', async (_order, orderRef, orderId, types) => {
    const { sessionId } = await paidSplit(orderRef, orderId, 3_000);
    const capture = `CAP-${orderId}`;
    nock(CERT_HOST).persist().get(CERT_PATH).reply(200, pair.certificatePem);
    const dispute = event('CUSTOMER.DISPUTE.CREATED', 'dispute', {
      dispute_id: `PP-D-${orderRef}`,
      create_time: '2026-11-20T08:00:00.000Z',
      update_time: '2026-11-20T08:00:00.000Z',
      disputed_transactions: [{ seller_transaction_id: capture }],
      reason: 'UNAUTHORISED',
      status: 'OPEN',
      dispute_amount: { currency_code: 'EUR', value: '30.00' },
      seller_response_due_date: '2026-12-10T08:00:00.000Z',
      dispute_life_cycle_stage: 'CHARGEBACK',
    });
    // PayPal's reversal is a refund object, negative, linked up to the capture, dated the day the money left.
    const reversed = event('PAYMENT.CAPTURE.REVERSED', 'refund', {
      id: `REV-${orderId}`,
      amount: { currency_code: 'EUR', value: '-30.00' },
      note_to_payer: 'Payment reversed',
      status: 'COMPLETED',
      create_time: '2026-11-22T10:00:00Z',
      update_time: '2026-11-22T10:00:00Z',
      links: [{ rel: 'up', method: 'GET', href: `${SANDBOX}/v2/payments/captures/${capture}` }],
    });
    const before = receiver.callsTo('/chargebacks').length;
    for (const type of types) {
      const n = delivery(type === 'CUSTOMER.DISPUTE.CREATED' ? dispute : reversed, pair);
      const res = await fetch(`${h.url}/psp/paypal/notifications`, { method: 'POST', headers: n.headers as Record<string, string>, body: n.rawBody });
      expect(res.status).toBe(200);
    }
    await h.runWorkers();
    await h.runWorkers();

    const sent = receiver.callsTo('/chargebacks').slice(before).map((c) => JSON.parse(c.body) as { sessionId: string; notificationId: string; type: string; reasonCode?: string });
    expect(sent.map((m) => [m.sessionId, m.type, m.notificationId, m.reasonCode])).toEqual([[sessionId, 'chargeback', `PP-D-${orderRef}:chargeback:2026-11-20:3000`, 'UNAUTHORISED']]);
  });
});
