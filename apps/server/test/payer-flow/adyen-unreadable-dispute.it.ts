import { itemHmac } from '@splitpay/psp-adyen';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { cardInput, HMAC_KEY, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';

// Adyen's webhook door over HTTP, every item correctly signed: a dispute (CHARGEBACK, its
// representment) whose amount cannot be read in ISO 4217's minor units, or that has none, or no
// eventDate, gives no chargeback, and the operator is told with its references; its batch is
// acknowledged and its other items applied (docs/decisions.md D125-c).

jest.setTimeout(30_000);

describe('Adyen disputes that cannot be read (D125-c)', () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const service = providerService([{ method: 'card', provider: 'adyen', settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }], {
    account: () => ({ notificationUrl: receiver.url('/hooks'), chargebackUrl: receiver.url('/chargebacks') }),
  });
  const h = service.h;

  const adyenPosts = async (items: Record<string, unknown>[]): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) });
    return { status: res.status, text: await res.text() };
  };
  const counted = async (reason: string): Promise<number | undefined> => {
    const prefix = `adyen_notification_amount_unreadable_total{reason="${reason}"} `;
    const line = (await (await fetch(`${h.url}/metrics`)).text()).split('\n').find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : Number(line.slice(prefix.length));
  };
  const lines = (event: string): Record<string, unknown>[] => h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === event);

  /** A card payment Adyen answered `Received` as `pspReference` (the payment a dispute names). */
  async function payment(orderId: string, pspReference: string, currency: string, total: number): Promise<string> {
    const { page } = await h.openPage({ currency, total, orderId, methods: [{ method: 'card' }] });
    const answered = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference, merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: total, input: cardInput() })).status).toBe(201);
    return String(answered.seen[0]?.body.reference);
  }

  /** The item of `fields` with the listed fields left out, signed over what remains, as Adyen signs. */
  function signedWithout(fields: Parameters<typeof notificationItem>[0], ...left: string[]): Record<string, unknown> {
    const item: Record<string, unknown> = { ...(notificationItem(fields) as { NotificationRequestItem: Record<string, unknown> }).NotificationRequestItem };
    delete item.additionalData;
    for (const name of left) delete item[name];
    return { NotificationRequestItem: { ...item, additionalData: { chargebackReasonCode: '10.4', hmacSignature: itemHmac(item as Parameters<typeof itemHmac>[0], HMAC_KEY) } } };
  }

  const dispute = (eventCode: string, pspReference: string, payment: string, amount: number, currency: string, eventDate = '2026-03-02T10:00:00+01:00') =>
    ({ eventCode, pspReference, originalReference: payment, merchantReference: 'ignored', amount, currency, eventDate }) as const;

  it('a CHARGEBACK in CLP cents, a CHARGEBACK_REVERSED without amount and a CHARGEBACK without eventDate: accepted, no chargeback, each logged with its references; a good one beside them sent', async () => {
    const beforeUnheld = (await counted('iso-minor-unit')) ?? 0;
    const beforeMissing = (await counted('missing')) ?? 0;
    await payment('dispute-clp', 'PSPDISPCLP00001', 'CLP', 5_000);
    await payment('dispute-eur', 'PSPDISPEUR00001', 'EUR', 5_000);

    const answer = await adyenPosts([
      notificationItem(dispute('CHARGEBACK', 'PSPCBCLPCENTS01', 'PSPDISPCLP00001', 500_050, 'CLP')),
      signedWithout(dispute('CHARGEBACK_REVERSED', 'PSPCBNOAMOUNT01', 'PSPDISPEUR00001', 2_000, 'EUR'), 'amount'),
      signedWithout(dispute('CHARGEBACK', 'PSPCBNODATE0001', 'PSPDISPEUR00001', 2_000, 'EUR'), 'eventDate'),
      notificationItem(dispute('CHARGEBACK', 'PSPCBGOOD000001', 'PSPDISPEUR00001', 1_500, 'EUR', '2026-03-05T10:00:00+01:00')),
    ]);

    expect(answer).toEqual({ status: 200, text: '[accepted]' });
    for (let i = 0; i < 4 && receiver.callsTo('/chargebacks').length === 0; i++) await h.runWorkers();
    const sent = receiver.callsTo('/chargebacks').map((c) => JSON.parse(String(c.body)) as Record<string, unknown>);
    expect(sent.map((b) => b.notificationId)).toEqual(['PSPDISPEUR00001:chargeback:2026-03-05:1500']);

    expect(lines('adyen.notification_amount_unreadable')).toEqual([
      expect.objectContaining({ level: 'warn', reason: 'iso-minor-unit', eventCode: 'CHARGEBACK', pspReference: 'PSPCBCLPCENTS01', originalReference: 'PSPDISPCLP00001', currency: 'CLP', value: 500_050 }),
      expect.objectContaining({ level: 'warn', reason: 'missing', eventCode: 'CHARGEBACK_REVERSED', pspReference: 'PSPCBNOAMOUNT01', originalReference: 'PSPDISPEUR00001' }),
    ]);
    expect(lines('adyen.notification_dispute_undated')).toEqual([
      expect.objectContaining({ level: 'warn', eventCode: 'CHARGEBACK', pspReference: 'PSPCBNODATE0001', originalReference: 'PSPDISPEUR00001' }),
    ]);
    expect(await counted('iso-minor-unit')).toBe(beforeUnheld + 1);
    expect(await counted('missing')).toBe(beforeMissing + 1);
    expect(h.logLines.join('\n')).not.toContain(HMAC_KEY);
  });
});
