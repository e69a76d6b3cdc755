import nock from 'nock';
import { cardInput, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { isolateNock } from '@splitpay/psp-testkit';
import { merchantEntry, RIVAL, SHOP, type TestMerchant } from '../support/merchants.fixture';
import { answerPost } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/** Two merchants, each with its own Adyen merchant account and HMAC key: RIVAL knows only its own. */
const CARD = { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined };
const SHOP_ADYEN = { ...CARD, merchantAccount: 'SplitpayShopECOM', hmacKey: '11'.repeat(32) };
const RIVAL_ADYEN = { ...CARD, merchantAccount: 'RivalStoreECOM', hmacKey: '22'.repeat(32) };

/**
 * A merchant forging Adyen notifications with its own contract's HMAC key about another merchant's
 * payment (docs/decisions.md D80): the item verifies only against the contract of the operation it
 * names, so nothing of the other merchant's session changes, and its genuine chargeback is still filed.
 */
describe("an Adyen notification signed with one merchant's key never acts on another merchant's payment (D80)", () => {
  isolateNock(/127\.0\.0\.1/);
  const h = useService({
    merchants: {
      merchants: [
        merchantEntry(SHOP, [{ method: 'card', provider: 'adyen', settings: SHOP_ADYEN }]),
        merchantEntry(RIVAL, [{ method: 'card', provider: 'adyen', settings: RIVAL_ADYEN }]),
      ],
    },
  });
  afterEach(() => nock.cleanAll());

  const adyenPosts = async (items: Record<string, unknown>[]): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) });
    return { status: res.status, text: await res.text() };
  };

  /** A card payment of `merchant` that Adyen received as `pspReference`: its page and our transaction id. */
  async function cardPayment(merchant: TestMerchant, orderId: string, pspReference: string, amount: number) {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: amount, orderId, methods: [{ method: 'card' }] }, merchant);
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference, merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount, input: cardInput() })).status).toBe(201);
    return { page, sessionId, tx: String(payment.seen[0]?.body.reference) };
  }

  const chargebacksOf = async (sessionId: string, merchant: TestMerchant): Promise<Record<string, unknown>[]> => {
    const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken(merchant)}` } });
    return ((await res.json()) as { chargebacks: Record<string, unknown>[] }).chargebacks;
  };

  it("a forged AUTHORISATION (no merchantReference, RIVAL's payment as originalReference, SHOP's as pspReference) grants nothing", async () => {
    await cardPayment(RIVAL, 'rival-own', 'PSPRIVAL0000001', 100);
    const victim = await cardPayment(SHOP, 'shop-victim', 'PSPSHOP00000001', 6_000);

    const forged = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPSHOP00000001', originalReference: 'PSPRIVAL0000001', merchantReference: '', merchantAccountCode: RIVAL_ADYEN.merchantAccount, amount: 6_000, paymentMethod: 'visa' }, RIVAL_ADYEN.hmacKey);
    expect(await adyenPosts([forged])).toEqual({ status: 401, text: '[rejected]' });

    const after = (await readSession(h, victim.sessionId)).body as { status: string; attempts: { status: string }[] };
    expect([after.status, after.attempts[0]?.status]).toEqual(['PENDING', 'AUTHORIZING']);
  });

  it("a forged CHARGEBACK (RIVAL's transaction as merchantReference, SHOP's payment as originalReference) is not filed, and SHOP's genuine one later is", async () => {
    const rival = await cardPayment(RIVAL, 'rival-own-2', 'PSPRIVAL0000002', 100);
    const victim = await cardPayment(SHOP, 'shop-disputed', 'PSPSHOP00000002', 5_000);
    const capture = answerPost(TEST_BASE, '/v71/payments/PSPSHOP00000002/captures', 201, (body) => ({ paymentPspReference: 'PSPSHOP00000002', pspReference: 'PSPSHOPCAPT0002', reference: body.reference, status: 'received' }));
    const shopSigned = (fields: Parameters<typeof notificationItem>[0]) => notificationItem({ ...fields, merchantAccountCode: SHOP_ADYEN.merchantAccount }, SHOP_ADYEN.hmacKey);
    await adyenPosts([shopSigned({ eventCode: 'AUTHORISATION', pspReference: 'PSPSHOP00000002', merchantReference: victim.tx, amount: 5_000, paymentMethod: 'visa' })]);
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture at Adyen');
    await adyenPosts([shopSigned({ eventCode: 'CAPTURE', pspReference: 'PSPSHOPCAPT0002', originalReference: 'PSPSHOP00000002', merchantReference: String(captured?.body.reference), amount: 5_000 })]);
    expect((await victim.page.waitFor((v) => v.status === 'PAID')).status).toBe('PAID');

    const dispute = { eventCode: 'CHARGEBACK', pspReference: 'PSPDISP00000002', originalReference: 'PSPSHOP00000002', amount: 5_000, eventDate: '2026-03-02T10:00:00+01:00', additionalData: { chargebackReasonCode: '10.4' } };
    const forged = notificationItem({ ...dispute, merchantReference: rival.tx, merchantAccountCode: RIVAL_ADYEN.merchantAccount }, RIVAL_ADYEN.hmacKey);
    expect(await adyenPosts([forged])).toEqual({ status: 401, text: '[rejected]' });
    expect(await chargebacksOf(victim.sessionId, SHOP)).toEqual([]);
    expect(await chargebacksOf(rival.sessionId, RIVAL)).toEqual([]);

    // The same dispute, as Adyen sends it to SHOP's account: filed, its key not taken by the forgery.
    expect(await adyenPosts([shopSigned({ ...dispute, merchantReference: victim.tx })])).toEqual({ status: 200, text: '[accepted]' });
    const filed = await until(async () => {
      const list = await chargebacksOf(victim.sessionId, SHOP);
      return list.length > 0 ? list : undefined;
    }, "SHOP's chargeback");
    expect(filed).toEqual([expect.objectContaining({ provider: 'adyen', providerRef: 'PSPSHOP00000002', type: 'chargeback', amount: { amount: 5_000, currency: 'EUR' }, date: '2026-03-02' })]);
  });
});
