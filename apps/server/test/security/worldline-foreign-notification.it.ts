import nock from 'nock';
import { webhookSignature } from '@splitpay/psp-worldline';
import { isolateNock } from '@splitpay/psp-testkit';
import { refundDoors, refundsOf, sessionOf } from '../refunds/refund-support';
import { navigate } from '../support/elements-client';
import { merchantEntry, RIVAL, SHOP, type TestMerchant } from '../support/merchants.fixture';
import { useService } from '../support/use-service';
import { BASE, paid, payment, SETTINGS } from '../support/worldline-direct';

jest.setTimeout(30_000);

/** Two merchants, each with its own Worldline Direct contract and webhook key: RIVAL knows only its own. */
const SHOP_WL = { ...SETTINGS, operation: 'payment' };
const RIVAL_WL = { ...SETTINGS, operation: 'payment', merchantId: 'rivaltest', apiKeyId: 'rival-api-key-id', secretApiKey: 'rival-secret-api-key-0123456789abcdef', webhookKeyId: 'rival-webhook-key', webhookSecret: 'rival-webhook-secret+0123456789' };

/**
 * A merchant forging a Worldline refund.* event with its own webhook key, its own payment beside another
 * merchant's refund (docs/decisions.md D80): the event verifies only against the contract of the refund
 * its facts name, so the other merchant's refund stays pending.
 */
describe("a Worldline event signed with one merchant's webhook key never settles another merchant's refund (D80)", () => {
  isolateNock(/127\.0\.0\.1/);
  const h = useService({
    merchants: {
      merchants: [
        merchantEntry(SHOP, [{ method: 'wero', provider: 'worldline', partialRefunds: true, settings: SHOP_WL }]),
        merchantEntry(RIVAL, [{ method: 'wero', provider: 'worldline', partialRefunds: true, settings: RIVAL_WL }]),
      ],
    },
  });
  afterEach(() => nock.cleanAll());

  /** A Wero payment of `merchant` that Worldline took as `id`: the session, its attempt and our opening's transaction id. */
  async function weroPayment(merchant: TestMerchant, pspid: string, id: string, amount: number) {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: amount, orderId: `wl-${id}`, methods: [{ method: 'wero' }], returnUrl: 'https://shop.example/back' }, merchant);
    let reference = '';
    nock(BASE)
      .post(`/v2/${pspid}/payments`)
      .reply((_uri, body) => {
        reference = (body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
        return [201, { merchantAction: { actionType: 'REDIRECT', redirectData: { redirectURL: `${BASE}/redirect/${id}` } }, payment: payment(id, 'REDIRECTED', 46, amount, reference, { category: 'PENDING_PAYMENT' }) }];
      });
    const started = await page.start({ methodId: 'wero', amount });
    expect(started.status).toBe(201);
    return { page, sessionId, attemptId: started.body.attemptId as string, reference };
  }

  it("a refund.refunded event carrying RIVAL's payment and SHOP's pending refund, signed with RIVAL's key, leaves SHOP's refund pending", async () => {
    const rival = await weroPayment(RIVAL, RIVAL_WL.merchantId, '7810000001_0', 100);
    const shop = await weroPayment(SHOP, SHOP_WL.merchantId, '7820000001_0', 6_000);
    nock(BASE).get(`/v2/${SHOP_WL.merchantId}/payments/7820000001_0`).reply(200, payment('7820000001_0', 'CAPTURED', 9, 6_000, shop.reference));
    await navigate(`${h.url}/elements/return/${shop.attemptId}`);
    await shop.page.waitFor(paid);
    nock(BASE).post(`/v2/${SHOP_WL.merchantId}/payments/7820000001_0/refund`).reply(201, payment('7820000001_1', 'REFUND_REQUESTED', 81, 2_000, shop.reference, { category: 'PENDING_CONNECT_OR_3RD_PARTY' }));
    expect((await refundDoors(h).attempt(shop.attemptId, { token: await h.clientToken(), body: { amount: 2_000 } })).status).toBe(202);
    const pendingRefund = async () => refundsOf((await sessionOf(h, shop.sessionId)).attempts[0]!).map((t) => [t.amount.amount, t.status.kind]);
    expect(await pendingRefund()).toEqual([[2_000, 'pending']]);

    const rawBody = JSON.stringify({
      apiVersion: 'v1',
      id: 'evt-forged',
      created: '2026-01-01T10:00:00.000+0100',
      merchantId: RIVAL_WL.merchantId,
      type: 'refund.refunded',
      payment: payment('7810000001_0', 'CAPTURED', 9, 100, rival.reference),
      refund: { id: '7820000001_1', status: 'REFUNDED', statusOutput: { statusCode: 8, statusCategory: 'COMPLETED' }, refundOutput: { amountOfMoney: { amount: 2_000, currencyCode: 'EUR' } } },
    });
    const res = await fetch(`${h.url}/psp/worldline/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GCS-Signature': webhookSignature(RIVAL_WL.webhookSecret, rawBody), 'X-GCS-KeyId': RIVAL_WL.webhookKeyId },
      body: rawBody,
    });
    expect(res.status).toBe(401);
    expect(await pendingRefund()).toEqual([[2_000, 'pending']]);
  });
});
