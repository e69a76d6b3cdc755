import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { loadMerchants } from '../../src/merchants/load-merchants';
import { writeTempMerchantsFile } from '../support/temp-merchants-file';
import { refundDoors, refundsOf, sessionOf, waitForSession, noRefundPending } from '../refunds/refund-support';
import { navigate } from '../support/elements-client';
import { merchantEntry, SHOP } from '../support/merchants.fixture';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { acceptPayment, BASE, noneInFlight, P, paid, payment, postWebhook as postWebhookTo, SETTINGS, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// Wero and ANCV at Worldline Direct (nock playing its API), a card on the fake provider, through the service over HTTP.
describe('Worldline Direct through the service', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  const postWebhook = (type: string, object: Record<string, unknown>, secret?: string): Promise<number> => postWebhookTo(h.url, type, object, secret);

  it('reads the worldline settings from the merchants file: the secret ones sealed, a missing one named at start', async () => {
    const stored = service.storedText();
    expect(stored).toContain(SETTINGS.apiKeyId);
    expect(stored).not.toContain(SETTINGS.secretApiKey);
    expect(stored).not.toContain(SETTINGS.webhookSecret);
    const { secretApiKey: _missing, ...withoutSecret } = SETTINGS;
    const file = await writeTempMerchantsFile({ merchants: [merchantEntry(SHOP, [{ method: 'wero', provider: 'worldline', settings: withoutSecret }])] });
    const deps = { merchants: h.stores.merchants, hasher: h.instance.services.passwordHasher, sealer: h.instance.services.secretSealer, logger: new CapturingLogger() };
    await expect(loadMerchants(file, deps)).rejects.toThrow(/contracts\[0\]\.settings\.secretApiKey: is required by provider "worldline"/);
  });

  it('splits an order between Wero (Worldline) and a card (fake provider): Wero held on the return, both captured, PAID', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'wl-wero-split', methods: [{ method: 'wero' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7100000001_0');
    const started = await page.start({ methodId: 'wero', amount: 6_000 });
    expect(started.status).toBe(201);
    const { body, headers } = await created;
    expect(headers.authorization).toMatch(/^GCS v1HMAC:shop-api-key-id:/);
    expect(body).toMatchObject({ order: { amountOfMoney: { amount: 6_000, currencyCode: 'EUR' } }, redirectPaymentMethodSpecificInput: { paymentProductId: 900, requiresApproval: true } });
    const reference = (body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    expect(headers['x-gcs-idempotence-key']).toBe(reference);
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'wero', status: 'AUTHORIZING', redirect: { kind: 'navigate', url: `${BASE}/redirect/7100000001_0` } });

    // The payer approves in the Wero app and comes back: the return door reads the payment's status.
    nock(BASE).get(`${P}/7100000001_0`).reply(200, payment('7100000001_0', 'PENDING_CAPTURE', 5, 6_000, reference, { category: 'PENDING_MERCHANT' }));
    const back = await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    expect(back.status).toBeGreaterThanOrEqual(300);
    const held = await page.waitFor(noneInFlight);
    expect(held).toMatchObject({ status: 'PENDING', remaining: { amount: 4_000 }, attempts: [{ method: 'wero', status: 'AUTHORIZED', granted: { amount: 6_000 } }] });

    // Covered in full: the service captures the Wero hold at Worldline; its webhook confirms it.
    const capture = new Promise<unknown>((resolve) => {
      nock(BASE)
        .post(`${P}/7100000001_0/capture`)
        .reply((_uri, sent) => {
          resolve(sent);
          return [201, payment('7100000001_1', 'CAPTURE_REQUESTED', 91, 6_000, reference, { category: 'PENDING_CONNECT_OR_3RD_PARTY' })];
        });
    });
    await page.payByCard('card', 4_000);
    expect(await capture).toMatchObject({ amount: 6_000, isFinal: true });
    expect(await postWebhook('payment.captured', payment('7100000001_0', 'CAPTURED', 9, 6_000, reference))).toBe(200);
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([
      ['wero', 'CAPTURED', 6_000],
      ['card', 'CAPTURED', 4_000],
    ]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });

    // A slice of the Wero payment is refunded at Worldline (the contract allows partial refunds); its webhook confirms it.
    const wero = (await sessionOf(h, sessionId)).attempts[0]!;
    const refundBody = new Promise<{ body: unknown; key: string }>((resolve) => {
      nock(BASE)
        .post(`${P}/7100000001_0/refund`)
        .reply(function (_uri, sent) {
          resolve({ body: sent, key: String(this.req.headers['x-gcs-idempotence-key']) });
          return [201, payment('7100000001_2', 'REFUND_REQUESTED', 81, 2_000, reference, { category: 'PENDING_CONNECT_OR_3RD_PARTY' })];
        });
    });
    const asked = await refundDoors(h).attempt(wero.attemptId, { token: await h.clientToken(), body: { amount: 2_000 } });
    expect(asked.status).toBe(202);
    const sentRefund = await refundBody;
    expect(sentRefund.body).toMatchObject({ amountOfMoney: { amount: 2_000, currencyCode: 'EUR' } });
    // An event carrying only the payment, still CAPTURED after this slice, names no refund: nothing settles (D93).
    expect(await postWebhook('payment.refunded', payment('7100000001_0', 'CAPTURED', 9, 6_000, reference))).toBe(200);
    expect(refundsOf((await sessionOf(h, sessionId)).attempts[0]!).map((t) => t.status.kind)).toEqual(['pending']);
    // The refund's own event (its refund object, our refund's reference echoed) settles it.
    const refundObject = { id: '7100000001_2', status: 'REFUNDED', statusOutput: { statusCode: 8 }, refundOutput: { amountOfMoney: { amount: 2_000, currencyCode: 'EUR' }, operationReferences: { merchantReference: sentRefund.key }, references: { merchantReference: reference } } };
    expect(await postWebhookTo(h.url, 'refund.refunded', refundObject, undefined, 'refund')).toBe(200);
    const refunded = await waitForSession(h, sessionId, noRefundPending);
    expect(refundsOf(refunded.attempts[0]!).map((t) => [t.transactionId, t.amount.amount, t.status.kind])).toEqual([[sentRefund.key, 2_000, 'succeeded']]);
    expect(h.logLines.join('\n')).not.toContain(SETTINGS.secretApiKey);
    expect(h.logLines.join('\n')).not.toContain(SETTINGS.webhookSecret);
  });

  it('ANCV: the payer pays less than asked in the app (a chosen partial), the rest is paid by card, PAID', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'wl-ancv-less', methods: [{ method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7200000001_0');
    const started = await page.start({ methodId: 'ancv', amount: 7_000 });
    const { body } = await created;
    expect(body).toMatchObject({ redirectPaymentMethodSpecificInput: { paymentProductId: 5412, requiresApproval: false, paymentProduct5412SpecificInput: { adjustableAmount: true } } });
    const reference = (body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'ancv', operation: 'payment', status: 'AUTHORIZING' });

    // A forged webhook changes nothing; the real one says 30.00 of the 70.00 asked were paid in vouchers.
    const sale = payment('7200000001_0', 'CAPTURED', 9, 7_000, reference, { acquired: 3_000, product: 5412 });
    expect(await postWebhook('payment.captured', sale, 'not-the-webhook-secret')).toBe(401);
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');
    expect(await postWebhook('payment.captured', sale)).toBe(200);
    const afterVouchers = await page.waitFor(noneInFlight);
    expect(afterVouchers).toMatchObject({ status: 'PENDING', remaining: { amount: 7_000 } });
    expect(afterVouchers.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', requested: { amount: 7_000 }, granted: { amount: 3_000 } });

    await page.payByCard('card', 7_000);
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([
      ['ancv', 'CAPTURED', 3_000],
      ['card', 'CAPTURED', 7_000],
    ]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });

    // Refunds of the vouchers: a slice is refused by the contract (no partial refunds) before Worldline
    // is asked; the whole is asked, and Worldline's refusal is a failed refund that says so.
    const vouchers = (await sessionOf(h, sessionId)).attempts[0]!;
    const slice = await refundDoors(h).attempt(vouchers.attemptId, { token: await h.clientToken(), body: { amount: 1_000 } });
    expect(slice.body.code).toBe('PartialRefundNotSupported');
    nock(BASE)
      .post(`${P}/7200000001_0/refund`)
      .reply(400, { errorId: 'e-1', errors: [{ errorCode: '50001130', id: 'REFUND_NOT_ALLOWED', message: 'Refund not allowed for this product', httpStatusCode: 400 }] });
    const whole = await refundDoors(h).attempt(vouchers.attemptId, { token: await h.clientToken(), body: { amount: 3_000 } });
    expect(whole.status).toBe(202);
    const after = await waitForSession(h, sessionId, noRefundPending);
    expect(refundsOf(after.attempts[0]!).map((t) => [t.amount.amount, t.status.kind, t.status.statusMessage])).toEqual([[3_000, 'failed', 'Worldline refused the refund: Refund not allowed for this product']]);
  });

  it('ANCV: an approval that times out in the app ends declined once the status lookup says so; the card then pays', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-ancv-timeout', methods: [{ method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7300000001_0');
    await page.start({ methodId: 'ancv', amount: 5_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;

    // Overdue while the payer still has the app open: the lookup finds it pending, nothing changes.
    const lookups: string[] = [];
    nock(BASE)
      .get(`${P}/7300000001_0`)
      .reply(function () {
        lookups.push(String(this.req.headers.authorization));
        return [200, payment('7300000001_0', 'REDIRECTED', 46, 5_000, reference, { category: 'PENDING_PAYMENT', product: 5412 })];
      });
    h.clock.advance(60_000);
    await h.runWorkers();
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatch(/^GCS v1HMAC:shop-api-key-id:/);
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');

    // The approval window (about 250 s) has run out: Worldline's status says rejected, timed out.
    nock(BASE)
      .get(`${P}/7300000001_0`)
      .reply(200, payment('7300000001_0', 'REJECTED', 2, 5_000, reference, { category: 'UNSUCCESSFUL', product: 5412, errors: [{ errorCode: '30171001', id: 'TIMEOUT', message: 'The payer did not approve in time' }] }));
    h.clock.advance(250_000);
    await h.runWorkers();
    const declined = await page.waitFor(noneInFlight);
    expect(declined).toMatchObject({ status: 'PENDING', remaining: { amount: 5_000 }, attempts: [{ method: 'ancv', status: 'DECLINED', declineCategory: 'expired' }] });

    await page.payByCard('card', 5_000);
    expect((await page.waitFor(paid)).status).toBe('PAID');
  });
});
