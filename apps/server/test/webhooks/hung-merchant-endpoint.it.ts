import type { SessionId } from '@splitpay/domain';
import { DEFAULT_TRIES_PER_MERCHANT } from '@splitpay/application';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import { startService, type ServiceHarness } from '../support/service-harness';
import { eventually, RIVAL, SHOP, webhookMerchants } from './webhooks.support';

jest.setTimeout(60_000);

/**
 * One merchant's endpoint accepts connections and never answers (its webhook try waits the whole
 * WEBHOOK_TIMEOUT_MS, longer than this file runs): the instance's background work for everyone else
 * goes on meanwhile, with the workers running on their own schedule as in production.
 */
describe('a merchant endpoint that never answers', () => {
  const hung = new WebhookReceiver();
  const receiver = new WebhookReceiver();
  let h: ServiceHarness;

  beforeAll(async () => {
    hung.script = () => ({ kind: 'hang' });
    await hung.start();
    await receiver.start();
    h = await startService({
      merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }),
      // The clock is moved by hand while the hung turns wait: their leases outlast every move.
      env: { WEBHOOK_TIMEOUT_MS: '120000', WORKER_LEASE_MS: String(3_600_000), ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600) },
    });
    h.instance.startWorkers(50);
  });
  afterAll(async () => {
    // The hung tries fail at once when their connections close; the turns then end and release their leases.
    await hung.stop();
    await h.instance.stop();
    await h.close();
    await receiver.stop();
  });

  const stored = async (id: string) => (await h.stores.sessions.findById(id as SessionId))!;
  /**
   * The hung merchant's ended sessions whose messages still wait on its endpoint: nothing recorded
   * for any; the instance holds the lease of those in flight, at most two of that merchant at once
   * (the others wait their turn, unleased).
   */
  const stillWaiting = async (ids: readonly string[]): Promise<boolean> => {
    let inFlight = 0;
    for (const id of ids) {
      const s = await stored(id);
      if (s.status !== 'EXPIRED' || s.notification?.delivery?.failures !== 0 || s.notification.delivery.deliveredAt !== undefined) return false;
      if (s.lease?.owner === `${h.instance.core.instanceId}:session-ended`) inFlight++;
    }
    return inFlight <= DEFAULT_TRIES_PER_MERCHANT;
  };

  /**
   * Eight of RIVAL's sessions end (expire) and their messages go to the endpoint that never answers
   * (DEFAULT_TRIES_PER_MERCHANT at a time): as many as the session worker has turn slots, which the tries once filled.
   */
  async function hungTurns(orderId: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await h.createSession({ currency: 'EUR', total: 1_000, orderId: `${orderId}-${i}`, ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: hung.url(`/hooks/${orderId}`) }, RIVAL);
      ids.push(created.sessionId);
    }
    h.clock.advance(1_000);
    const ended = async () => (await Promise.all(ids.map(stored))).every((s) => s.status === 'EXPIRED');
    await eventually(async () => hung.calls.length >= DEFAULT_TRIES_PER_MERCHANT && (await ended()), 10_000);
    return ids;
  }

  it("another merchant's session is expired, its hold released and its ending announced while the hung turns still wait", async () => {
    const waiting = await hungTurns('hung-expiry');

    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'other-expiry', ttlMs: 60_000, methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/other') }, SHOP);
    expect((await page.payByCard('card', 1_000)).status).toBe(201);
    await page.waitFor((v) => v.attempts.some((a) => a.status === 'AUTHORIZED'), 10_000);
    h.clock.advance(60_000);

    await eventually(() => receiver.callsTo('/hooks/other').length === 1, 20_000);
    expect(await stillWaiting(waiting)).toBe(true);
    // The hung merchant's tries hold its share (DEFAULT_TRIES_PER_MERCHANT) of the session-ended worker's slots, as /metrics shows.
    const triesShown = async () => (await (await fetch(`${h.url}/metrics`)).text()).includes(`worker_slots_in_use{worker="session-ended"} ${DEFAULT_TRIES_PER_MERCHANT}\n`);
    await eventually(triesShown, 10_000);
    expect(await stillWaiting(waiting)).toBe(true);
    const payload = JSON.parse(receiver.callsTo('/hooks/other')[0]!.body) as { status: string };
    expect(payload.status).toBe('EXPIRED');
    const ended = await stored(sessionId);
    expect(ended.status).toBe('EXPIRED');
    const voids = ended.attempts[0]!.transactions.filter((t) => t.type === 'void');
    expect(voids).toHaveLength(1);
    expect(voids[0]!.ack).toBeDefined();
  });

  it("a chargeback's message is delivered while the hung turns still wait", async () => {
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId: 'cb-beside-hung', methods: [{ method: 'card' }] }, SHOP);
    const page = new ElementsClient(h.url, created.elementsToken);
    expect((await page.payByCard('card', 2_000)).status).toBe(201);
    await page.waitFor((v) => v.status === 'PAID', 10_000);
    const waiting = await hungTurns('hung-chargeback');
    const captureRef = (await stored(created.sessionId)).attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;

    const raised = await fetch(`${h.url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: captureRef, amount: 700, date: '2026-02-10', reasonCode: '4837' }),
    });
    expect(raised.status).toBe(202);

    await eventually(() => receiver.callsTo('/chargebacks').length === 1, 20_000);
    expect(await stillWaiting(waiting)).toBe(true);
    expect(receiver.callsTo('/chargebacks')[0]!.headers['webhook-id']).toBe(`${captureRef}:chargeback:2026-02-10:700`);
  });
});
