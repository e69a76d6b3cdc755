import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { cardInput, MERCHANT_ACCOUNT, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';

// Adyen's webhook door over HTTP, nock playing Adyen's Checkout API: on a successful card
// AUTHORISATION Adyen writes in `reason` the authorisation code, the card's last four digits and its
// expiry. None of it is stored, read back nor sent to the merchant; a decline's reason still is
// (docs/decisions.md D125-a).

jest.setTimeout(30_000);

const CARD_REASON = '874574:1111:03/2030';

describe("Adyen AUTHORISATION's reason (D125-a)", () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const service = providerService([{ method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }], {
    account: () => ({ notificationUrl: receiver.url('/hooks') }),
  });
  const h = service.h;

  const adyenPosts = async (items: Record<string, unknown>[]): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) });
    return { status: res.status, text: await res.text() };
  };

  it('a successful card AUTHORISATION: its card fields reach neither the store, the session read, the merchant webhook nor the logs', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'reason-card-data', methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPREASON000001', merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    const cardTx = String(payment.seen[0]?.body.reference);
    const capture = answerPost(TEST_BASE, '/v71/payments/PSPREASON000001/captures', 201, (body) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPREASON000001', pspReference: 'PSPREASONCAPT01', reference: body.reference, status: 'received' }));

    const granted = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPREASON000001', merchantReference: cardTx, amount: 5_000, paymentMethod: 'visa', reason: CARD_REASON });
    expect(await adyenPosts([granted])).toEqual({ status: 200, text: '[accepted]' });
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture');
    await adyenPosts([notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPREASONCAPT01', originalReference: 'PSPREASON000001', merchantReference: String(captured?.body.reference), amount: 5_000 })]);
    await until(async () => ((await readSession(h, sessionId)).body.status === 'PAID' ? true : undefined), 'PAID');
    for (let i = 0; i < 5 && receiver.callsTo('/hooks').length === 0; i++) await h.runWorkers();

    const read = (await readSession(h, sessionId)).body as { attempts: { transactions: { type: string; status: Record<string, unknown> }[] }[] };
    expect(read.attempts[0]?.transactions.find((t) => t.type === 'authorization')?.status).toEqual({ kind: 'succeeded', statusCode: 'AUTHORISATION' });
    const hooks = receiver.callsTo('/hooks').map((c) => String(c.body));
    expect(hooks).toHaveLength(1);
    // The session's own fields (a card scheme, the order) are there: only Adyen's reason is left out.
    expect(hooks[0]).toContain('"cardScheme":"visa"');
    for (const part of [CARD_REASON, '03/2030', '874574']) {
      expect(hooks[0]).not.toContain(part);
      expect(JSON.stringify(read)).not.toContain(part);
      expect(service.storedText()).not.toContain(part);
      expect(h.logLines.join('\n')).not.toContain(part);
    }
  });

  it("a declined AUTHORISATION keeps Adyen's reason as its statusMessage (the guard that passes on both)", async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'reason-declined', methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPREASONDECL01', merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    const cardTx = String(payment.seen[0]?.body.reference);

    const declined = notificationItem({ eventCode: 'AUTHORISATION', success: false, pspReference: 'PSPREASONDECL01', merchantReference: cardTx, amount: 5_000, paymentMethod: 'visa', reason: 'Not enough balance' });
    expect(await adyenPosts([declined])).toEqual({ status: 200, text: '[accepted]' });

    const read = (await readSession(h, sessionId)).body as { attempts: { status: string; transactions: { type: string; status: Record<string, unknown> }[] }[] };
    expect(read.attempts[0]?.status).toBe('DECLINED');
    expect(read.attempts[0]?.transactions.find((t) => t.type === 'authorization')?.status).toEqual(expect.objectContaining({ kind: 'failed', statusCode: 'AUTHORISATION', statusMessage: 'Not enough balance' }));
  });
});
