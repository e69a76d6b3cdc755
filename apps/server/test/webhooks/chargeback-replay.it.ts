import { acknowledge, WebhookReceiver, type ReceiverAnswer } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import { useService } from '../support/use-service';
import { contactToken, eventually, logged, notificationOf, replay, SHOP, SHOP_ADMIN, webhookMerchants } from './webhooks.support';

/** The calendar these tests configure: retries at t+50 ms, t+100 ms, t+150 ms (manual clock). */
const DELAYS = [50, 100, 150];
const down: ReceiverAnswer = { kind: 'respond', status: 500, contentType: 'text/plain', body: 'down' };

// Delivery rule 5 is one of the rules of both messages: the session's replay door re-arms its chargebacks too (D145-b).
describe("the session's replay door and its chargeback messages", () => {
  const receiver = new WebhookReceiver();
  let chargebacksDown = true;

  beforeAll(async () => {
    await receiver.start();
    receiver.script = (_i, call) => (call.path === '/chargebacks' && chargebacksDown ? down : acknowledge);
  });
  const h = useService(() => ({
    merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }),
    env: { WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','), WEBHOOK_TIMEOUT_MS: '2000', ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600) },
  }));
  afterAll(() => receiver.stop());

  it('ending delivered, chargeback abandoned: the door re-arms the chargeback with its notificationId and never sends the acknowledged ending again', async () => {
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId: 'cb-replay', methods: [{ method: 'card' }], notificationUrl: receiver.url('/endings') }, SHOP);
    const page = new ElementsClient(h.url, created.elementsToken);
    await page.payByCard('card', 2_000);
    await page.waitFor((v) => v.status === 'PAID');
    await h.runWorkers();
    await h.runWorkers();
    expect(await notificationOf(h, created.sessionId)).toMatchObject({ deliveredAt: expect.any(Number) });
    expect(receiver.callsTo('/endings')).toHaveLength(1);

    const session = (await (await fetch(`${h.url}/api/sessions/${created.sessionId}`, { headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}` } })).json()) as {
      attempts: { transactions: { type: string; providerRef?: string }[] }[];
    };
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    const raised = await fetch(`${h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ providerRef: captureRef, amount: 700, date: '2026-02-10' }) });
    expect(raised.status).toBe(202);
    const notificationId = `${captureRef}:chargeback:2026-02-10:700`;
    await eventually(() => logged(h, 'chargeback.recorded').some((l) => l.notificationId === notificationId));

    for (let i = 0; i < 4; i++) {
      await h.runWorkers();
      h.clock.advance(200);
    }
    expect(receiver.callsTo('/chargebacks')).toHaveLength(4);
    await eventually(() => logged(h, 'notification.abandoned').some((l) => l.notificationId === notificationId));

    chargebacksDown = false;
    const asked = await replay(h, created.sessionId, await contactToken(h, SHOP_ADMIN));
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ url: receiver.url('/endings'), failures: 0, abandoned: false });
    await h.runWorkers();

    const calls = receiver.callsTo('/chargebacks');
    expect(calls).toHaveLength(5);
    expect(calls[4]!.headers['webhook-id']).toBe(notificationId);
    expect(calls[4]!.body).toBe(calls[0]!.body);
    expect(receiver.callsTo('/endings')).toHaveLength(1);
  });
});
