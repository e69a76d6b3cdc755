import type { SessionView } from '@splitpay/domain';
import { API_KEY, APPLE_PAY_DATA, cardInput, CLIENT_KEY, ENCRYPTED_CARD, HMAC_KEY, MERCHANT_ACCOUNT, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { navigate, pressFakePspButton } from '../support/elements-client';
import { answerPost, providerService } from '../support/provider-service';
import { until } from '../support/until';
import { readSession } from '../support/service-harness';

jest.setTimeout(30_000);

/** Every tranche held: the session captures them (CAPTURING) until Adyen's CAPTURE webhooks make it PAID. */
const covered = (v: SessionView) => v.status === 'CAPTURING' || v.status === 'PAID';
const paid = (v: SessionView) => v.status === 'PAID';
const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

/** An order's addresses and phone, and what Adyen's /payments carries of them for 3-D Secure 2 (the name the billing's when the customer gives none). */
const BILLING = { firstName: 'Bill', lastName: 'Payer', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR', mobilePhone: '+33 6 12 34 56 78' };
const SHIPPING = { firstName: 'Ada', lastName: 'Lovelace', address: 'Kurfürstendamm 21', postalCode: '10719', city: 'Berlin', country: 'DE' };
const FOR_3DS = {
  shopperName: { firstName: 'Bill', lastName: 'Payer' },
  telephoneNumber: '+33612345678',
  billingAddress: { street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR' },
  deliveryAddress: { street: 'Kurfürstendamm 21', houseNumberOrName: 'N/A', postalCode: '10719', city: 'Berlin', country: 'DE', firstName: 'Ada', lastName: 'Lovelace' },
};

/** The payer's address as the proxy in front of the service (loopback, trusted by TRUST_PROXY) names it. */
const PAYER_IP = '203.0.113.77';

/** Nock playing Adyen's Checkout API. */
const adyenAnswers = (path: string | RegExp, status: number, answer: (body: Record<string, unknown>) => Record<string, unknown>) => answerPost(TEST_BASE, path, status, answer);

describe('Adyen through the whole service (nock playing Adyen, its webhooks posted signed)', () => {
  // One merchant: cards and Apple Pay at Adyen (its settings in the merchants file), holiday vouchers on the fake provider.
  const service = providerService([
    { method: 'card', provider: 'adyen', partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } },
    { method: 'applepay', provider: 'adyen', partialRefunds: true, settings: SETTINGS },
    { method: 'ancv', provider: 'fake' },
  ], { env: { TRUST_PROXY: 'loopback' } });
  const h = service.h;

  /** Adyen posts its standard webhook to our door, each item signed with the merchant account's HMAC key. */
  async function adyenPosts(items: Record<string, unknown>[]): Promise<{ status: number; text: string }> {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ live: 'false', notificationItems: items }),
    });
    return { status: res.status, text: await res.text() };
  }

  it('splits an order between an Adyen card and ANCV on the fake provider: PAID, captured at Adyen, the Adyen tranche refunded', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'adyen-split', methods: [{ method: 'card', partialAuth: true }, { method: 'ancv' }], returnUrl: 'https://shop.example/back' });
    const view = (await page.view()).body.view;
    expect(view.methods.find((m) => m.method === 'card')).toMatchObject({ integration: 'acquirer-hosted', hostedFields: { keyId: 'adyen-web-test', key: CLIENT_KEY, sdkUrl: `${h.url}/psp/adyen/hosted-fields.js` } });

    // The card tranche: Adyen receives the payment, its verdict comes by webhook.
    const payment = adyenAnswers('/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPCARD00000001', merchantReference: body.reference }));
    const started = await page.start({ methodId: 'card', amount: 6_000, input: cardInput() });
    expect(started.status).toBe(201);
    const [sent] = payment.seen;
    expect(sent?.headers['x-api-key']).toBe(API_KEY);
    expect(sent?.headers['idempotency-key']).toBe(sent?.body.reference);
    expect(sent?.body).toMatchObject({ amount: { value: 6_000, currency: 'EUR' }, merchantAccount: MERCHANT_ACCOUNT, paymentMethod: { ...ENCRYPTED_CARD, holderName: 'Ada Payer' }, returnUrl: `${h.url}/elements/return/${started.body.attemptId}`, additionalData: { allowPartialAuth: 'true' } });
    // No proxy named the payer: the IP Adyen gets is the peer's.
    expect(sent?.body.shopperIP).toBe('127.0.0.1');
    const cardTx = String(sent?.body.reference);

    const authorised = await adyenPosts([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPCARD00000001', merchantReference: cardTx, amount: 6_000, paymentMethod: 'visa' })]);
    expect(authorised).toEqual({ status: 200, text: '[accepted]' });
    expect((await page.waitFor(settled)).attempts[0]).toMatchObject({ method: 'card', status: 'AUTHORIZED', granted: { amount: 6_000 }, cardScheme: 'visa' });

    // The rest with holiday vouchers on the fake provider; the session is paid, so the card hold is captured at Adyen.
    const capture = adyenAnswers('/v71/payments/PSPCARD00000001/captures', 201, (body) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPCARD00000001', pspReference: 'PSPCAPT00000001', reference: body.reference, status: 'received' }));
    const ancv = await page.start({ methodId: 'ancv', amount: 4_000 });
    await pressFakePspButton(ancv.body.view.attempts[1]!.redirect!.url, 'approve');
    expect((await page.waitFor(covered)).status).toBe('CAPTURING');
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture at Adyen');
    expect(captured?.body).toEqual({ merchantAccount: MERCHANT_ACCOUNT, reference: captured?.body.reference, amount: { value: 6_000, currency: 'EUR' } });
    expect(captured?.headers['idempotency-key']).toBe(captured?.body.reference);
    expect(await adyenPosts([notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPCAPT00000001', originalReference: 'PSPCARD00000001', merchantReference: String(captured?.body.reference), amount: 6_000 })])).toEqual({ status: 200, text: '[accepted]' });
    const captureDone = async () => {
      const card = ((await readSession(h, sessionId)).body.attempts as { method: string; attemptId: string; transactions: { type: string; status: { kind: string } }[] }[]).find((a) => a.method === 'card');
      return card?.transactions.find((t) => t.type === 'capture')?.status.kind === 'succeeded' ? card : undefined;
    };
    let card: Awaited<ReturnType<typeof captureDone>>;
    for (let i = 0; i < 200 && !(card = await captureDone()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(card).toBeDefined();
    expect((await page.waitFor(paid)).status).toBe('PAID');

    // The merchant refunds the Adyen tranche: Adyen receives the refund, its REFUND webhook settles it.
    const refund = adyenAnswers('/v71/payments/PSPCARD00000001/refunds', 201, (body) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPCARD00000001', pspReference: 'PSPREFD00000001', reference: body.reference, status: 'received' }));
    const refundRes = await fetch(`${h.url}/api/attempts/${card!.attemptId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    expect(refundRes.status).toBe(202);
    const [refunded] = await until(() => (refund.seen.length > 0 ? refund.seen : undefined), 'the refund at Adyen');
    expect(refunded?.body).toEqual({ merchantAccount: MERCHANT_ACCOUNT, reference: refunded?.body.reference, amount: { value: 6_000, currency: 'EUR' } });
    expect(refunded?.headers['idempotency-key']).toBe(refunded?.body.reference);
    expect(await adyenPosts([notificationItem({ eventCode: 'REFUND', pspReference: 'PSPREFD00000001', originalReference: 'PSPCARD00000001', merchantReference: String(refunded?.body.reference), amount: 6_000 })])).toEqual({ status: 200, text: '[accepted]' });
    let refundedAmount = 0;
    for (let i = 0; i < 200 && refundedAmount !== 6_000; i++) {
      const attempts = (await readSession(h, sessionId)).body.attempts as { method: string; refunded: { amount: number } }[];
      refundedAmount = attempts.find((a) => a.method === 'card')?.refunded.amount ?? 0;
      if (refundedAmount !== 6_000) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refundedAmount).toBe(6_000);

    // The contract's secrets and the card fields never reached a log line or a stored document in clear.
    const stored = service.storedText();
    for (const secret of [API_KEY, HMAC_KEY, ENCRYPTED_CARD.encryptedCardNumber, ENCRYPTED_CARD.encryptedSecurityCode]) {
      expect(stored).not.toContain(secret);
      expect(h.logLines.join('\n')).not.toContain(secret);
    }
    expect(stored).toContain(MERCHANT_ACCOUNT);
  });

  it("files a dispute Adyen names by the payment's reference under the capture, the operation the money moved on", async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-dispute', methods: [{ method: 'card' }] });
    const payment = adyenAnswers('/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPCARD00000009', merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    const cardTx = String(payment.seen[0]?.body.reference);
    const capture = adyenAnswers('/v71/payments/PSPCARD00000009/captures', 201, (body) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPCARD00000009', pspReference: 'PSPCAPT00000009', reference: body.reference, status: 'received' }));
    await adyenPosts([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPCARD00000009', merchantReference: cardTx, amount: 5_000, paymentMethod: 'visa' })]);
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture at Adyen');
    await adyenPosts([notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPCAPT00000009', originalReference: 'PSPCARD00000009', merchantReference: String(captured?.body.reference), amount: 5_000 })]);
    expect((await page.waitFor(paid)).status).toBe('PAID');

    // Adyen's dispute names the payment (its originalReference is the authorization's pspReference).
    const dispute = notificationItem({ eventCode: 'CHARGEBACK', pspReference: 'PSPDISP00000009', originalReference: 'PSPCARD00000009', merchantReference: cardTx, amount: 2_000, eventDate: '2026-03-02T10:00:00+01:00', additionalData: { chargebackReasonCode: '10.4' } });
    expect(await adyenPosts([dispute])).toEqual({ status: 200, text: '[accepted]' });
    const token = await h.clientToken();
    const chargebacks = await until(async () => {
      const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${token}` } });
      const list = ((await res.json()) as { chargebacks: Record<string, unknown>[] }).chargebacks;
      return list.length > 0 ? list : undefined;
    }, 'the chargeback');
    const [card] = (await readSession(h, sessionId)).body.attempts as { attemptId: string; transactions: { transactionId: string; type: string }[] }[];
    const captureId = card!.transactions.find((t) => t.type === 'capture')!.transactionId;
    expect(chargebacks).toEqual([
      expect.objectContaining({ attemptId: card!.attemptId, transactionId: captureId, provider: 'adyen', providerRef: 'PSPCARD00000009', type: 'chargeback', amount: { amount: 2_000, currency: 'EUR' }, date: '2026-03-02' }),
    ]);
  });

  it('rejects a webhook whose item is not signed with the merchant account key, changing nothing', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'adyen-forged', methods: [{ method: 'card' }] });
    const payment = adyenAnswers('/v71/payments', 200, () => ({ resultCode: 'Received', pspReference: 'PSPFORG00000001' }));
    await page.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    const tx = String(payment.seen[0]?.body.reference);
    const forged = await adyenPosts([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPFORG00000001', merchantReference: tx, amount: 3_000 }, 'AB'.repeat(32))]);
    expect(forged).toEqual({ status: 401, text: '[rejected]' });
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');
    expect(h.logLines.filter((l) => l.includes('psp.notification_rejected')).join('\n')).not.toContain('PSPFORG00000001');
  });

  it('sends a 3-D Secure card through our redirect, then the return door finishes it with /payments/details', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-3ds', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back', customer: { firstName: 'Ada', lastName: 'Lovelace' }, billing: BILLING, shipping: SHIPPING });
    const challenge = 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2RzZGF0YQ';
    const payment = adyenAnswers('/v71/payments', 200, () => ({ resultCode: 'RedirectShopper', pspReference: 'PSP3DS000000001', action: { type: 'redirect', method: 'GET', url: challenge, paymentMethodType: 'scheme' } }));
    const started = await page.behindProxy(`198.51.100.1, ${PAYER_IP}`).start({ methodId: 'card', amount: 5_000, input: cardInput() });
    // What 3-D Secure 2 reads of the order and the payer's IP (the trusted proxy's hop, not what the client wrote before it) reach Adyen, and none of it the logs.
    expect(payment.seen[0]?.body).toMatchObject({ ...FOR_3DS, shopperName: { firstName: 'Ada', lastName: 'Lovelace' }, shopperIP: PAYER_IP });
    expect(h.logLines.join('\n')).not.toContain('rue de la Paix');
    expect(h.logLines.join('\n')).not.toContain('612345678');
    expect(h.logLines.join('\n')).not.toContain(PAYER_IP);
    expect(service.storedText()).not.toContain(PAYER_IP);
    expect(started.body.view.attempts[0]).toMatchObject({ status: 'AUTHORIZING', redirect: { kind: 'navigate', url: challenge } });

    const details = adyenAnswers('/v71/payments/details', 200, () => ({ resultCode: 'Authorised', pspReference: 'PSP3DS000000001', additionalData: { paymentMethod: 'cartebancaire' } }));
    const capture = adyenAnswers('/v71/payments/PSP3DS000000001/captures', 201, (body) => ({ pspReference: 'PSP3DSCAPT00001', reference: body.reference, status: 'received' }));
    // Adyen sends the payer back to our return door with its redirectResult.
    const back = await navigate(`${h.url}/elements/return/${started.body.attemptId}?redirectResult=X6XtfGC3%21Y-3ds`);
    expect([back.status, back.headers.get('location')]).toEqual([303, 'https://shop.example/back']);
    expect(details.seen[0]?.body).toEqual({ details: { redirectResult: 'X6XtfGC3!Y-3ds' } });
    expect(details.seen[0]?.headers['x-api-key']).toBe(API_KEY);
    const view = await page.waitFor(covered);
    expect(view.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: { amount: 5_000 }, cardScheme: 'cb' });
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture after 3-D Secure');
    expect((await readSession(h, sessionId)).body.status).toBe('CAPTURING');
    await adyenPosts([notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSP3DSCAPT00001', originalReference: 'PSP3DS000000001', merchantReference: String(captured?.body.reference), amount: 5_000 })]);
    let status: unknown;
    for (let i = 0; i < 200 && status !== 'PAID'; i++) {
      status = (await readSession(h, sessionId)).body.status;
      if (status !== 'PAID') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('PAID');
    expect(h.logLines.join('\n')).not.toContain('X6XtfGC3');
  });

  it("opens Apple Pay's merchant validation through Adyen, then pays the sheet's token on confirm with the order's data", async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 2_000,
      orderId: 'adyen-applepay',
      methods: [{ method: 'applepay' }],
      customer: { email: 'ada@example.test', activity: { transactionsLast24h: 1, transactionsLast6Months: 3 } },
      billing: BILLING,
      shipping: SHIPPING,
      statementDescriptor: 'Café Lumière',
    });
    const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
    expect(started.status).toBe(201);
    const attemptId = started.body.attemptId!;
    const merchantSession = { merchantSessionIdentifier: 'SSH-kit', nonce: 'n', signature: 's', domainName: 'shop.example' };
    const validation = adyenAnswers('/v71/applePay/sessions', 200, () => ({ data: Buffer.from(JSON.stringify(merchantSession)).toString('base64') }));
    const res = await fetch(`${h.url}/elements/session/attempts/${attemptId}/wallet-session`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${page.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input: { method: 'applepay', domainName: 'shop.example' } }),
    });
    expect([res.status, await res.json()]).toEqual([200, { walletSession: merchantSession }]);
    expect(validation.seen[0]?.body).toEqual({ displayName: SETTINGS.displayName, domainName: 'shop.example', merchantIdentifier: SETTINGS.merchantIdentifier });

    const pay = adyenAnswers('/v71/payments', 200, () => ({ resultCode: 'Authorised', pspReference: 'PSPAPPL00000001', additionalData: { paymentMethod: 'mc_applepay' } }));
    adyenAnswers('/v71/payments/PSPAPPL00000001/captures', 201, (body) => ({ pspReference: 'PSPAPPLCAPT0001', reference: body.reference, status: 'received' }));
    const confirmed = await page.behindProxy(PAYER_IP).confirm(attemptId, APPLE_PAY_DATA);
    expect(confirmed.status).toBe(200);
    expect(pay.seen[0]?.body).toMatchObject({
      // The IP of the payer whose request confirms: Adyen makes the Apple Pay payment here.
      shopperIP: PAYER_IP,
      paymentMethod: { type: 'applepay', applePayToken: Buffer.from(APPLE_PAY_DATA).toString('base64') },
      amount: { value: 2_000, currency: 'EUR' },
      // The order reaches the payment made at confirm, as it reaches the card payment made at start.
      shopperEmail: 'ada@example.test',
      ...FOR_3DS,
      accountInfo: { pastTransactionsDay: 1, purchasesLast6Months: 3 },
      shopperStatement: 'Cafe Lumiere',
    });
    const done = await page.waitFor(covered);
    expect([done.status, done.attempts[0]]).toEqual(['CAPTURING', expect.objectContaining({ status: 'AUTHORIZED' })]);
    // Adyen names the network behind the wallet (mc_applepay), but the contract's cardScheme is for card attempts only.
    expect(done.attempts[0]).not.toHaveProperty('cardScheme');
    const read = (await readSession(h, sessionId)).body as { attempts: Record<string, unknown>[] };
    expect(read.attempts[0]).toMatchObject({ method: 'applepay', status: 'AUTHORIZED' });
    expect(read.attempts[0]).not.toHaveProperty('cardScheme');
    const stored = service.storedText();
    expect(stored).not.toContain('c2VjcmV0LWFwcGxlLXBheS1jaXBoZXJ0ZXh0');
    expect(h.logLines.join('\n')).not.toContain('c2VjcmV0LWFwcGxlLXBheS1jaXBoZXJ0ZXh0');
    expect(stored).not.toContain(PAYER_IP);
    expect(h.logLines.join('\n')).not.toContain(PAYER_IP);
  });
});
