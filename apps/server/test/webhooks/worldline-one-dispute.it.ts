import nock from 'nock';
import { webhookSignature } from '@splitpay/psp-worldline';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { navigate } from '../support/elements-client';
import { SIGNING_SECRET } from '../support/merchants.fixture';
import { providerService } from '../support/provider-service';
import { acceptPayment, BASE, P, paid, payment, PSPID, SETTINGS, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// One Worldline dispute sends two events (payment.chargeback_notification, then payment.chargebacked),
// each created on its own day; both are confirmed once the status lookup says CHARGEBACKED (D124).
describe('Worldline: one dispute, one merchant chargeback webhook', () => {
  const receiver = new WebhookReceiver();
  const shop = () => ({ webhookSigningSecret: SIGNING_SECRET, chargebackUrl: receiver.url('/chargebacks') });
  beforeAll(() => receiver.start());
  const service = providerService(WORLDLINE_CONTRACTS, { account: shop });
  const h = service.h;
  afterAll(() => receiver.stop());

  /** Worldline delivers an event (the same id on every delivery of it), signed with the contract's webhook key. */
  async function deliver(type: string, created: string, object: Record<string, unknown>): Promise<number> {
    const rawBody = JSON.stringify({ apiVersion: 'v1', id: `evt-${type}-${String(object.id)}-${created}`, created, merchantId: PSPID, type, payment: object });
    const res = await fetch(`${h.url}/psp/worldline/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GCS-Signature': webhookSignature(SETTINGS.webhookSecret, rawBody), 'X-GCS-KeyId': SETTINGS.webhookKeyId },
      body: rawBody,
    });
    return res.status;
  }

  /** A Wero direct payment of `total`, paid under Worldline payment `id`: its session and merchantReference. */
  async function paidPayment(id: string, orderId: string, total: number): Promise<{ sessionId: string; reference: string }> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total, orderId, methods: [{ method: 'wero' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    const started = await page.start({ methodId: 'wero', amount: total });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    nock(BASE).get(`${P}/${id}`).reply(200, payment(id, 'CAPTURED', 9, total, reference));
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(paid);
    return { sessionId, reference };
  }

  async function stored(sessionId: string): Promise<{ notificationId: string; date: string }[]> {
    const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    return ((await res.json()) as { chargebacks: { notificationId: string; date: string }[] }).chargebacks;
  }

  const sentFor = (providerRef: string): string[] =>
    receiver
      .callsTo('/chargebacks')
      .map((c) => (JSON.parse(String(c.body)) as { notificationId: string }).notificationId)
      .filter((id) => id.startsWith(`${providerRef}:`));

  // The lookups below list no operation (GET /payments/{id}/details without `Operations`): each dispute is named by the payment and its day (D124).
  it('a notification event handled late (the status already CHARGEBACKED) and the chargebacked event: one chargeback, dated by the status change', async () => {
    const { sessionId, reference } = await paidPayment('7690000001_0', 'wl-one-dispute', 5_000);
    const chargebacked = payment('7690000001_0', 'CHARGEBACKED', 1500, 5_000, reference, { changedAt: '20260108173000' });
    nock(BASE).get(`${P}/7690000001_0/details`).times(2).reply(200, chargebacked);
    const notified = payment('7690000001_0', 'CHARGEBACK_NOTIFICATION', 1500, 5_000, reference, { changedAt: '20260103095900' });
    expect(await deliver('payment.chargeback_notification', '2026-01-03T10:00:00.000+0100', notified)).toBe(200);
    expect(await deliver('payment.chargebacked', '2026-01-09T10:00:00.000+0100', chargebacked)).toBe(200);
    await h.runWorkers();
    await h.runWorkers();

    expect((await stored(sessionId)).map((c) => [c.notificationId, c.date])).toEqual([['7690000001_0:chargeback:2026-01-08:5000', '2026-01-08']]);
    expect(sentFor('7690000001_0')).toEqual(['7690000001_0:chargeback:2026-01-08:5000']);
  });

  it('the notification event answered 503 (lookup down, D77), the chargebacked event filed, then the notification event delivered again: one chargeback', async () => {
    const { sessionId, reference } = await paidPayment('7690000002_0', 'wl-one-dispute-2', 4_000);
    const notified = payment('7690000002_0', 'CHARGEBACK_NOTIFICATION', 1500, 4_000, reference);
    const chargebacked = payment('7690000002_0', 'CHARGEBACKED', 1500, 4_000, reference, { changedAt: '20260108173000' });
    nock(BASE).get(`${P}/7690000002_0/details`).reply(503, {});
    expect(await deliver('payment.chargeback_notification', '2026-01-03T10:00:00.000+0100', notified)).toBe(503);
    nock(BASE).get(`${P}/7690000002_0/details`).times(2).reply(200, chargebacked);
    expect(await deliver('payment.chargebacked', '2026-01-09T10:00:00.000+0100', chargebacked)).toBe(200);
    expect(await deliver('payment.chargeback_notification', '2026-01-03T10:00:00.000+0100', notified)).toBe(200);
    await h.runWorkers();
    await h.runWorkers();

    expect((await stored(sessionId)).map((c) => c.notificationId)).toEqual(['7690000002_0:chargeback:2026-01-08:4000']);
    expect(sentFor('7690000002_0')).toEqual(['7690000002_0:chargeback:2026-01-08:4000']);
  });

  it('a later dispute on the same payment (the first reversed, the status CHARGEBACKED again) is a second chargeback', async () => {
    const { sessionId, reference } = await paidPayment('7690000003_0', 'wl-two-disputes', 3_000);
    nock(BASE).get(`${P}/7690000003_0/details`).reply(200, payment('7690000003_0', 'CHARGEBACKED', 1500, 3_000, reference, { changedAt: '20260108173000' }));
    expect(await deliver('payment.chargebacked', '2026-01-09T10:00:00.000+0100', payment('7690000003_0', 'CHARGEBACKED', 1500, 3_000, reference))).toBe(200);
    nock(BASE).get(`${P}/7690000003_0/details`).reply(200, payment('7690000003_0', 'CHARGEBACKED', 1500, 3_000, reference, { changedAt: '20260302120000' }));
    expect(await deliver('payment.chargebacked', '2026-03-03T10:00:00.000+0100', payment('7690000003_0', 'CHARGEBACKED', 1500, 3_000, reference))).toBe(200);
    await h.runWorkers();
    await h.runWorkers();

    const second = ['7690000003_0:chargeback:2026-01-08:3000', '7690000003_0:chargeback:2026-03-02:3000'];
    expect((await stored(sessionId)).map((c) => c.notificationId).sort()).toEqual(second);
    expect(sentFor('7690000003_0').sort()).toEqual(second);
  });

  // Worldline's details answer lists each operation of the payment (`Operations`): a dispute's debit is an
  // operation of its own, `<paymentId>_<operationId>`, which names its chargeback on every event and every delivery (D141).
  describe('each dispute named by its chargeback operation', () => {
    const operation = (id: string, status: string, amount: number, changedAt?: string) => ({ id, status, statusOutput: { statusCode: status === 'CAPTURED' ? 9 : 1500, ...(changedAt ? { statusCodeChangeDateTime: changedAt } : {}) }, amountOfMoney: { amount, currencyCode: 'EUR' } });
    const details = (of: Record<string, unknown>, operations: Record<string, unknown>[]) => ({ ...of, Operations: operations });
    const sentTo = (sessionId: string): string[] =>
      receiver
        .callsTo('/chargebacks')
        .filter((c) => String(c.body).includes(sessionId))
        .map((c) => (JSON.parse(String(c.body)) as { notificationId: string }).notificationId);

    it('two disputes of the same amount on one payment, CHARGEBACKED the same day: two chargebacks and two merchant webhooks', async () => {
      const { sessionId, reference } = await paidPayment('7690000004_0', 'wl-two-same-day', 2_500);
      const taken = operation('7690000004_0', 'CAPTURED', 2_500, '20260105100000');
      const first = operation('7690000004_1', 'CHARGEBACKED', 2_500, '20260108093000');
      const second = operation('7690000004_2', 'CHARGEBACKED', 2_500, '20260108161000');
      nock(BASE).get(`${P}/7690000004_0/details`).reply(200, details(payment('7690000004_0', 'CHARGEBACKED', 1500, 2_500, reference, { changedAt: '20260108093000' }), [taken, first]));
      expect(await deliver('payment.chargebacked', '2026-01-08T10:00:00.000+0100', payment('7690000004_1', 'CHARGEBACKED', 1500, 2_500, reference, { changedAt: '20260108093000' }))).toBe(200);
      nock(BASE).get(`${P}/7690000004_0/details`).reply(200, details(payment('7690000004_0', 'CHARGEBACKED', 1500, 2_500, reference, { changedAt: '20260108161000' }), [taken, first, second]));
      expect(await deliver('payment.chargebacked', '2026-01-08T17:00:00.000+0100', payment('7690000004_2', 'CHARGEBACKED', 1500, 2_500, reference, { changedAt: '20260108161000' }))).toBe(200);
      await h.runWorkers();
      await h.runWorkers();

      const both = ['7690000004_1:chargeback:2026-01-08:2500', '7690000004_2:chargeback:2026-01-08:2500'];
      expect((await stored(sessionId)).map((c) => c.notificationId).sort()).toEqual(both);
      expect(sentTo(sessionId).sort()).toEqual(both);
    });

    it('one dispute seen by its two events, the lookup once without the payment\'s status date and once with it: one chargeback and one merchant webhook', async () => {
      const { sessionId, reference } = await paidPayment('7690000005_0', 'wl-one-dispute-undated', 4_500);
      const operations = [operation('7690000005_0', 'CAPTURED', 4_500, '20260102100000'), operation('7690000005_1', 'CHARGEBACKED', 4_500, '20260108173000')];
      // Handled once the dispute is CHARGEBACKED; the payment's status output carries no date.
      nock(BASE).get(`${P}/7690000005_0/details`).reply(200, details(payment('7690000005_0', 'CHARGEBACKED', 1500, 4_500, reference), operations));
      expect(await deliver('payment.chargeback_notification', '2026-01-03T10:00:00.000+0100', payment('7690000005_1', 'CHARGEBACK_NOTIFICATION', 1500, 4_500, reference, { changedAt: '20260103095900' }))).toBe(200);
      nock(BASE).get(`${P}/7690000005_0/details`).reply(200, details(payment('7690000005_0', 'CHARGEBACKED', 1500, 4_500, reference, { changedAt: '20260108173000' }), operations));
      expect(await deliver('payment.chargebacked', '2026-01-09T10:00:00.000+0100', payment('7690000005_1', 'CHARGEBACKED', 1500, 4_500, reference, { changedAt: '20260108173000' }))).toBe(200);
      await h.runWorkers();
      await h.runWorkers();

      expect((await stored(sessionId)).map((c) => [c.notificationId, c.date])).toEqual([['7690000005_1:chargeback:2026-01-08:4500', '2026-01-08']]);
      expect(sentTo(sessionId)).toEqual(['7690000005_1:chargeback:2026-01-08:4500']);
    });
  });
});
