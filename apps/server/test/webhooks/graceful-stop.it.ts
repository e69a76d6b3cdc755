import type { Chargeback, SessionId } from '@splitpay/domain';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import { startService } from '../support/service-harness';
import { eventually, logged, SHOP, webhookMerchants } from './webhooks.support';

jest.setTimeout(60_000);

const DATES = ['2026-02-10', '2026-02-11', '2026-02-12', '2026-02-13', '2026-02-14'];

/**
 * The instance's graceful stop (`AppInstance.stop`, what SIGTERM and SIGINT run) while the chargeback
 * worker's tries wait on a merchant endpoint that never answers, its workers on their own schedule as
 * in production.
 */
describe('a graceful stop while chargeback messages wait on the merchant endpoint', () => {
  const hung = new WebhookReceiver();
  afterAll(() => hung.stop());

  it('claims no more chargebacks: the tries in flight end and record their outcome, the others stay due, unleased, for another instance', async () => {
    hung.script = () => ({ kind: 'hang' });
    await hung.start();
    const h = await startService({
      merchants: webhookMerchants({ chargebackUrl: hung.url('/chargebacks') }),
      // Two tries at once: three of the five chargebacks are left when the stop comes.
      env: { WORKER_CONCURRENCY: '2', WEBHOOK_TIMEOUT_MS: '120000', WORKER_LEASE_MS: String(3_600_000) },
    });
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId: 'cb-stop', methods: [{ method: 'card' }] }, SHOP);
    const page = new ElementsClient(h.url, created.elementsToken);
    expect((await page.payByCard('card', 2_000)).status).toBe(201);
    await page.waitFor((v) => v.status === 'PAID', 10_000);
    await h.runWorkers();
    const session = (await h.stores.sessions.findById(created.sessionId as SessionId))!;
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    for (const date of DATES) {
      const raised = await fetch(`${h.url}/fake-psp/chargebacks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ providerRef: captureRef, amount: 700, date, reasonCode: '4837' }),
      });
      expect(raised.status).toBe(202);
    }
    await eventually(() => logged(h, 'chargeback.recorded').length === DATES.length, 10_000);

    h.instance.startWorkers(50);
    await eventually(() => hung.calls.length === 2, 10_000);
    const stopped = h.instance.stop();
    // The endpoint goes away: the two tries in flight fail at once and are recorded.
    await hung.stop();
    await stopped;

    const stored = async (): Promise<Chargeback[]> => Promise.all(DATES.map(async (date) => (await h.stores.chargebacks.findByNotificationId(`${captureRef}:chargeback:${date}:700`))!));
    const after = await stored();
    const tried = after.filter((c) => c.delivery!.failures === 1);
    const left = after.filter((c) => c.delivery!.failures === 0);
    expect(tried.map((c) => c.notificationId).sort()).toEqual(hung.calls.map((call) => String(call.headers['webhook-id'])).sort());
    expect(left).toHaveLength(3);
    for (const c of after) expect(c).not.toHaveProperty('lease');
    for (const c of left) expect(c.dueAt).toBeLessThanOrEqual(h.clock.now());
    expect(hung.calls).toHaveLength(2);
    await h.close();
  });
});
