import nock from 'nock';
import { Webhook } from 'standardwebhooks';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { refundDoors, refundsOf, sessionOf, waitForSession, noRefundPending } from '../refunds/refund-support';
import { navigate } from '../support/elements-client';
import { SIGNING_SECRET } from '../support/merchants.fixture';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { acceptPayment, BASE, noneInFlight, P, paid, payment, postWebhook, PSPID, WORLDLINE_CONTRACTS, worldlineMerchants } from '../support/worldline-direct';

// Contract settings that change how Worldline is asked (nock playing Worldline Direct), through the service over HTTP:
// Wero as a direct payment, ANCV on product 5403 by hosted checkout.
describe('Worldline Direct contracts through the service', () => {
  const receiver = new WebhookReceiver();
  const shop = () => ({ webhookSigningSecret: SIGNING_SECRET, chargebackUrl: receiver.url('/chargebacks') });
  beforeAll(() => receiver.start());
  const service = providerService(WORLDLINE_CONTRACTS, { store: 'test', account: shop });
  const h = service.h;
  afterAll(() => receiver.stop());

  it('Wero under the direct-payment contract: one payment operation, no capture, PAID with the card; the refund targets the payment', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'wl-wero-direct',
      methods: [{ method: 'wero' }, { method: 'card' }],
      paymentMethodFilters: { channel: 'kiosk' },
      returnUrl: 'https://shop.example/back',
    });
    // Any capture asked of Worldline would land here.
    const captures = nock(BASE).post(/\/capture$/).reply(500, {});
    const created = acceptPayment('7400000001_0');
    const started = await page.start({ methodId: 'wero', amount: 6_000 });
    const { body } = await created;
    expect(body).toMatchObject({ redirectPaymentMethodSpecificInput: { paymentProductId: 900, requiresApproval: false } });
    const reference = (body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'wero', operation: 'payment', status: 'AUTHORIZING' });

    // The payer approves in the Wero app: the sale is taken at once.
    nock(BASE).get(`${P}/7400000001_0`).reply(200, payment('7400000001_0', 'CAPTURED', 9, 6_000, reference));
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    const taken = await page.waitFor(noneInFlight);
    expect(taken).toMatchObject({ status: 'PENDING', remaining: { amount: 4_000 }, attempts: [{ method: 'wero', operation: 'payment', status: 'CAPTURED', granted: { amount: 6_000 } }] });

    await page.payByCard('card', 4_000);
    expect((await page.waitFor(paid)).status).toBe('PAID');
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
    const wero = (await sessionOf(h, sessionId)).attempts[0]!;
    expect(wero.transactions.map((t) => [t.type, t.status.kind, t.amount.amount])).toEqual([['payment', 'succeeded', 6_000]]);
    expect(captures.isDone()).toBe(false);

    // A refund of a slice goes to the payment itself.
    const refundBody = new Promise<unknown>((resolve) => {
      nock(BASE)
        .post(`${P}/7400000001_0/refund`)
        .reply((_uri, sent) => {
          resolve(sent);
          return [201, payment('7400000001_1', 'REFUNDED', 8, 1_500, reference, { category: 'REFUNDED' })];
        });
    });
    const asked = await refundDoors(h).attempt(wero.attemptId, { token: await h.clientToken(), body: { amount: 1_500 } });
    expect(asked.status).toBe(202);
    expect(await refundBody).toMatchObject({ amountOfMoney: { amount: 1_500, currencyCode: 'EUR' } });
    const refunded = await waitForSession(h, sessionId, noRefundPending);
    expect(refundsOf(refunded.attempts[0]!).map((t) => [t.amount.amount, t.status.kind])).toEqual([[1_500, 'succeeded']]);
  });

  it('a Wero chargeback event raises a chargeback only once Worldline’s payment status confirms it', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-wero-dispute', methods: [{ method: 'wero' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7600000001_0');
    const started = await page.start({ methodId: 'wero', amount: 5_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    nock(BASE).get(`${P}/7600000001_0`).reply(200, payment('7600000001_0', 'CAPTURED', 9, 5_000, reference));
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(paid);
    const disputes = async (): Promise<unknown[]> => {
      const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
      return ((await res.json()) as { chargebacks: unknown[] }).chargebacks;
    };

    // The event alone is not believed: Worldline's status of the payment says nothing of a chargeback.
    const looked: string[] = [];
    nock(BASE)
      .get(`${P}/7600000001_0/details`)
      .reply(function () {
        looked.push(String(this.req.headers.authorization));
        return [200, payment('7600000001_0', 'CAPTURED', 9, 5_000, reference)];
      });
    expect(await postWebhook(h.url, 'payment.chargeback_notification', payment('7600000001_0', 'CHARGEBACK_NOTIFICATION', 1500, 5_000, reference))).toBe(200);
    expect(looked).toHaveLength(1);
    expect(looked[0]).toMatch(/^GCS v1HMAC:shop-api-key-id:/);
    expect(await disputes()).toEqual([]);

    // Confirmed by the status lookup: a chargeback on the payment.
    nock(BASE).get(`${P}/7600000001_0/details`).reply(200, payment('7600000001_0', 'CHARGEBACKED', 1500, 5_000, reference));
    expect(await postWebhook(h.url, 'payment.chargebacked', payment('7600000001_0', 'CHARGEBACKED', 1500, 5_000, reference))).toBe(200);
    expect(await disputes()).toMatchObject([{ type: 'chargeback', provider: 'worldline', providerRef: '7600000001_0', amount: { amount: 5_000, currency: 'EUR' }, status: 'CHARGEBACKED' }]);
  });

  it('a Wero chargeback event whose confirming lookup got no answer (503, a timeout) is answered 503, so Worldline delivers it again', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 4_000, orderId: 'wl-wero-lookup-down', methods: [{ method: 'wero' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7600000002_0');
    const started = await page.start({ methodId: 'wero', amount: 4_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    nock(BASE).get(`${P}/7600000002_0`).reply(200, payment('7600000002_0', 'CAPTURED', 9, 4_000, reference));
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(paid);
    const disputes = async (): Promise<unknown[]> => {
      const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
      return ((await res.json()) as { chargebacks: unknown[] }).chargebacks;
    };
    const event = payment('7600000002_0', 'CHARGEBACKED', 1500, 4_000, reference);

    nock(BASE).get(`${P}/7600000002_0/details`).reply(503, {});
    expect(await postWebhook(h.url, 'payment.chargebacked', event)).toBe(503);
    nock(BASE).get(`${P}/7600000002_0/details`).replyWithError('connect ETIMEDOUT');
    expect(await postWebhook(h.url, 'payment.chargebacked', event)).toBe(503);
    expect(await disputes()).toEqual([]);

    // Worldline's next delivery, the lookup answering: the chargeback.
    nock(BASE).get(`${P}/7600000002_0/details`).reply(200, event);
    expect(await postWebhook(h.url, 'payment.chargebacked', event)).toBe(200);
    expect(await disputes()).toMatchObject([{ type: 'chargeback', provider: 'worldline', providerRef: '7600000002_0', amount: { amount: 4_000, currency: 'EUR' }, date: '2026-01-01' }]);
  });

  /** A 100.00 EUR order offering ANCV (a kiosk, so product 5403) and a card. */
  const ancvThenCardPage = (orderId: string) =>
    h.openPage({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'ancv' }, { method: 'card' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });

  /** Worldline creates the hosted checkout `hc` for the next opening: resolves with our merchantReference it was sent. */
  function hostedCheckoutCreated(hc: string): Promise<string> {
    return new Promise<string>((resolve) => {
      nock(BASE)
        .post(`/v2/${PSPID}/hostedcheckouts`)
        .reply((_uri, sent) => {
          const reference = (sent as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
          resolve(reference);
          return [201, { RETURNMAC: 'mac-1', hostedCheckoutId: hc, merchantReference: reference, redirectUrl: `${BASE}/hostedcheckout/PaymentMethods/Selection/${hc}` }];
        });
    });
  }

  /** The payer back from the hosted checkout `hc`, whose created payment Worldline reads as `sale`. */
  async function returnedFromHostedCheckout(attemptId: string, hc: string, sale: unknown): Promise<void> {
    nock(BASE).get(`/v2/${PSPID}/hostedcheckouts/${hc}`).reply(200, { status: 'PAYMENT_CREATED', createdPaymentOutput: { payment: sale, paymentStatusCategory: 'COMPLETED' } });
    await navigate(`${h.url}/elements/return/${attemptId}?hostedCheckoutId=${hc}&RETURNMAC=mac-1`);
  }

  it('ANCV on 5403: a hosted checkout for the whole remaining balance (never refundable, so never a slice); the return reads its created payment (a chosen partial), the card pays the rest, PAID', async () => {
    const { page, sessionId } = await ancvThenCardPage('wl-ancv-hosted');
    const HC = '8915-28e5b79c889641c8ba770f1ba576c1fe';
    const created = new Promise<{ body: Record<string, unknown>; key: string }>((resolve) => {
      nock(BASE)
        .post(`/v2/${PSPID}/hostedcheckouts`)
        .reply(function (_uri, sent) {
          resolve({ body: sent as Record<string, unknown>, key: String(this.req.headers['x-gcs-idempotence-key']) });
          return [201, { RETURNMAC: 'mac-1', hostedCheckoutId: HC, merchantReference: 'x', redirectUrl: `${BASE}/hostedcheckout/PaymentMethods/Selection/${HC}` }];
        });
    });
    // Nothing a 5403 sale takes can be handed back: ANCV pays the whole remaining balance or nothing, and is not abandonable.
    expect((await page.view()).body.view.methods.find((m) => m.method === 'ancv')).toMatchObject({ mustSettleRemaining: true });
    const slice = await page.start({ methodId: 'ancv', amount: 7_000 });
    expect([slice.status, slice.body.code]).toEqual([422, 'AmountOutOfRange']);
    const started = await page.start({ methodId: 'ancv', amount: 10_000 });
    const { body, key } = await created;
    expect(body).toMatchObject({
      hostedCheckoutSpecificInput: { paymentProductFilters: { restrictTo: { products: [5403] } } },
      redirectPaymentMethodSpecificInput: { paymentProductId: 5403, requiresApproval: false, paymentProduct5403SpecificInput: { completeRemainingPaymentAmount: false } },
    });
    const reference = (body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    expect(key).toBe(reference);
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'ancv', operation: 'payment', status: 'AUTHORIZING', abandonable: false, redirect: { kind: 'navigate', url: `${BASE}/hostedcheckout/PaymentMethods/Selection/${HC}` } });
    expect((await page.abandonAttempt(started.body.attemptId!)).body.code).toBe('AttemptNotAbandonable');

    // Back from the hosted checkout: 30.00 of the 100.00 asked were paid in vouchers.
    const sale = payment('7500000001_0', 'CAPTURED', 9, 10_000, reference, { acquired: 3_000, product: 5403 });
    await returnedFromHostedCheckout(started.body.attemptId!, HC, sale);
    const afterVouchers = await page.waitFor(noneInFlight);
    expect(afterVouchers).toMatchObject({ status: 'PENDING', remaining: { amount: 7_000 } });
    expect(afterVouchers.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', requested: { amount: 10_000 }, granted: { amount: 3_000 } });

    await page.payByCard('card', 7_000);
    expect((await page.waitFor(paid)).status).toBe('PAID');
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
  });
  it('ANCV on 5403: vouchers below the amount asked, then the payment cancelled: ABORTED, and the view never says the vouchers taken are handed back (nothing is sent to Worldline)', async () => {
    const { page } = await ancvThenCardPage('wl-ancv-kept');
    const HC = '8915-0b5e5ac1f0d64c5fa1a1c0ffee000403';
    const created = hostedCheckoutCreated(HC);
    const started = await page.start({ methodId: 'ancv', amount: 10_000 });
    const reference = await created;
    const sale = payment('7510000001_0', 'CAPTURED', 9, 10_000, reference, { acquired: 3_000, product: 5403 });
    await returnedFromHostedCheckout(started.body.attemptId!, HC, sale);
    expect((await page.waitFor(noneInFlight)).attempts[0]).toMatchObject({ status: 'CAPTURED', granted: { amount: 3_000 } });

    const abandoned = await page.abandonSession();
    expect(abandoned.status).toBe(200);
    const view = (await page.view()).body.view;
    expect(view.status).toBe('ABORTED');
    expect(view.attempts[0]).toMatchObject({ method: 'ancv', status: 'CAPTURED', granted: { amount: 3_000 } });
    expect(view.attempts[0]?.released).toBeUndefined();
    // No refund or cancel was asked of Worldline (an unexpected call would have met no interceptor).
    expect(nock.pendingMocks()).toEqual([]);
  });

  /** An ANCV sale on 5403 paid in full through the hosted checkout `hc` (Worldline payment `paymentId`): the session PAID. */
  async function paidByAncvHostedCheckout(orderId: string, hc: string, paymentId: string): Promise<{ sessionId: string; attemptId: string; reference: string }> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId, methods: [{ method: 'ancv' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = hostedCheckoutCreated(hc);
    const started = await page.start({ methodId: 'ancv', amount: 5_000 });
    const reference = await created;
    const sale = payment(paymentId, 'CAPTURED', 9, 5_000, reference, { acquired: 5_000, product: 5403, hostedCheckoutId: hc });
    await returnedFromHostedCheckout(started.body.attemptId!, hc, sale);
    expect((await page.waitFor(paid)).status).toBe('PAID');
    return { sessionId, attemptId: started.body.attemptId!, reference };
  }

  it('ANCV on 5403: a chargeback event on the payment the hosted checkout created reaches the merchant once Worldline’s status confirms it', async () => {
    const HC = '8916-0c5a7c1de2a94b3e8f6a1b2c3d4e5f60';
    const { sessionId, attemptId, reference } = await paidByAncvHostedCheckout('wl-ancv-dispute', HC, '7700000001_0');
    const onPayment = (status: string, code: number) => payment('7700000001_0', status, code, 5_000, reference, { acquired: 5_000, product: 5403, hostedCheckoutId: HC });
    const disputes = async (): Promise<Record<string, unknown>[]> => {
      const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
      return ((await res.json()) as { chargebacks: Record<string, unknown>[] }).chargebacks;
    };

    // The event names Worldline's payment, which the session never recorded; its status does not confirm it yet.
    const looked: string[] = [];
    nock(BASE)
      .get(`${P}/7700000001_0/details`)
      .reply(function () {
        looked.push(this.req.path);
        return [200, onPayment('CAPTURED', 9)];
      });
    expect(await postWebhook(h.url, 'payment.chargeback_notification', onPayment('CHARGEBACK_NOTIFICATION', 1500))).toBe(200);
    expect(looked).toEqual([`${P}/7700000001_0/details`]);
    // What the merchant was sent about this session (the Wero dispute above has its own message).
    const told = () => receiver.callsTo('/chargebacks').filter((c) => c.body.includes(sessionId));
    await h.runWorkers();
    expect(await disputes()).toEqual([]);
    expect(told()).toHaveLength(0);

    // Confirmed: the chargeback is on the ANCV sale (the opening, recorded under the hosted checkout's id), and the merchant is told.
    nock(BASE).get(`${P}/7700000001_0/details`).reply(200, onPayment('CHARGEBACKED', 1500));
    expect(await postWebhook(h.url, 'payment.chargebacked', onPayment('CHARGEBACKED', 1500))).toBe(200);
    const sale = (await sessionOf(h, sessionId)).attempts[0]!.transactions[0]!;
    expect(await disputes()).toMatchObject([{ type: 'chargeback', provider: 'worldline', providerRef: HC, transactionId: sale.transactionId, amount: { amount: 5_000, currency: 'EUR' }, status: 'CHARGEBACKED' }]);
    await h.runWorkers();
    const calls = told();
    expect(calls).toHaveLength(1);
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((k) => [k, String(calls[0]!.headers[k])]));
    expect(new Webhook(SIGNING_SECRET).verify(calls[0]!.body, headers)).toMatchObject({
      event: 'chargeback',
      orderId: 'wl-ancv-dispute',
      sessionId,
      attemptId,
      transactionId: sale.transactionId,
      provider: 'worldline',
      providerRef: HC,
      amount: { amount: 5_000, currency: 'EUR' },
    });
  });

  it('ANCV on 5412: a chargeback on a chosen partial (25.00 taken of 100.00 asked) is for the 25.00 taken, in the API and in the merchant’s message', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'wl-ancv-part-cb', methods: [{ method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7900000001_0');
    await page.start({ methodId: 'ancv', amount: 10_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    const onPayment = (status: string, code: number) => payment('7900000001_0', status, code, 10_000, reference, { acquired: 2_500, product: 5412 });
    expect(await postWebhook(h.url, 'payment.captured', onPayment('CAPTURED', 9))).toBe(200);
    expect((await page.waitFor(noneInFlight)).attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', granted: { amount: 2_500 } });
    await page.payByCard('card', 7_500);
    await page.waitFor(paid);

    nock(BASE).get(`${P}/7900000001_0/details`).reply(200, onPayment('CHARGEBACKED', 1500));
    expect(await postWebhook(h.url, 'payment.chargebacked', onPayment('CHARGEBACKED', 1500))).toBe(200);
    const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    const { chargebacks } = (await res.json()) as { chargebacks: Record<string, unknown>[] };
    expect(chargebacks).toMatchObject([{ type: 'chargeback', providerRef: '7900000001_0', amount: { amount: 2_500, currency: 'EUR' }, status: 'CHARGEBACKED' }]);
    await h.runWorkers();
    const calls = receiver.callsTo('/chargebacks').filter((c) => c.body.includes(sessionId));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ event: 'chargeback', amount: { amount: 2_500, currency: 'EUR' }, notificationId: expect.stringMatching(/^7900000001_0:chargeback:\d{4}-\d{2}-\d{2}:2500$/) });
  });

  it('ANCV on 5403: the vouchers a sale took are never refunded: the merchant’s refund is refused RefundNotSupported and nothing is sent to Worldline, even after the contract moved to 5412', async () => {
    const HC = '8917-6b1f0e2d3c4b5a69788796a5b4c3d2e1';
    const { attemptId } = await paidByAncvHostedCheckout('wl-ancv-refund', HC, '7800000001_0');
    // The merchant switches the kiosk's ANCV contract to 5412: the open session keeps the 5403 flow it was created with.
    await h.reload(worldlineMerchants(shop(), { ancvProductId: 5412 }));
    try {
      const sent = nock(BASE).post(/.*/).reply(500, {});
      const asked = await refundDoors(h).attempt(attemptId, { token: await h.clientToken(), body: { amount: 5_000 } });
      expect([asked.status, asked.body.code]).toEqual([422, 'RefundNotSupported']);
      await h.runWorkers();
      expect(sent.isDone()).toBe(false);
    } finally {
      nock.cleanAll();
      await h.reload(worldlineMerchants(shop()));
    }
  });

  it('ANCV on 5403: a chargeback whose event and status lack hostedCheckoutSpecificOutput attaches to the sale through our merchantReference', async () => {
    const HC = '8919-aa11bb22cc33dd44ee55ff6600778899';
    const { sessionId, reference } = await paidByAncvHostedCheckout('wl-ancv-dispute-bare', HC, '7910000001_0');
    const bare = payment('7910000001_0', 'CHARGEBACKED', 1500, 5_000, reference, { acquired: 5_000, product: 5403 });
    expect(bare).not.toHaveProperty('hostedCheckoutSpecificOutput');
    nock(BASE).get(`${P}/7910000001_0/details`).reply(200, bare);
    expect(await postWebhook(h.url, 'payment.chargebacked', bare)).toBe(200);
    const sale = (await sessionOf(h, sessionId)).attempts[0]!.transactions[0]!;
    const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    // Recorded on the sale, under the reference Worldline named (its payment's opening id).
    expect(((await res.json()) as { chargebacks: unknown[] }).chargebacks).toMatchObject([{ type: 'chargeback', provider: 'worldline', providerRef: '7910000001_0', transactionId: sale.transactionId, amount: { amount: 5_000, currency: 'EUR' } }]);
  });
});
