import type http from 'node:http';
import type { Session, SessionId } from '@splitpay/domain';
import { acknowledge, WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ForwardingProxy } from '../support/forwarding-proxy';
import type { ServiceHarness } from '../support/service-harness';
import { useTwoInstances } from '../support/two-instances';

jest.setTimeout(30_000);

/**
 * The fake PSP every instance shares, as a real PSP is shared: a forwarding proxy in front of instance
 * A's mount, which counts capture calls (and can refuse them: a PSP that is down) and status lookups.
 */
class SharedPspProxy extends ForwardingProxy {
  captureCalls = 0;
  lookupCalls = 0;
  refuseCaptures = false;

  protected override answersItself(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const isCapture = req.method === 'POST' && /\/api\/payments\/[^/]+\/captures$/.test(req.url ?? '');
    if (req.method === 'GET' && /\/api\/payments(\/[^/?]+)?(\?.*)?$/.test(req.url ?? '')) this.lookupCalls++;
    if (!isCapture) return false;
    if (this.refuseCaptures) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return true;
    }
    this.captureCalls++;
    return false;
  }
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two service instances on one store', () => {
  const receiver = new WebhookReceiver();
  const proxy = new SharedPspProxy();
  const { stores, clock, a, b } = useTwoInstances(async () => {
    await receiver.start();
    return `${await proxy.start()}/fake-psp`;
  });

  const session = async (id: string): Promise<Session> => {
    const found = await stores.sessions.findById(id as SessionId);
    if (!found) throw new Error(`no session ${id}`);
    return found;
  };
  /** Both instances' workers race, round after round, as two processes would. */
  const raceWorkers = async (rounds = 3): Promise<void> => {
    for (let i = 0; i < rounds; i++) await Promise.all([a.runWorkers(), b.runWorkers(), a.runWorkers(), b.runWorkers()]);
  };

  beforeAll(() => {
    proxy.target = a.url;
  });
  afterAll(async () => {
    await proxy.stop();
    await receiver.stop();
  });

  it('expires a due session once and announces the ending once', async () => {
    const created = await a.createSession({ currency: 'EUR', total: 2_000, orderId: 'two-expiry', ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/expiry') });
    clock.advance(1_000);

    await raceWorkers();

    const stored = await session(created.sessionId);
    expect(stored.status).toBe('EXPIRED');
    const calls = receiver.callsTo('/hooks/expiry');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['webhook-id']).toBe(`${created.sessionId}:EXPIRED`);
    expect(stored.notification?.delivery).toMatchObject({ deliveredAt: clock.now(), failures: 0 });
    expect(stored.lease).toBeUndefined();
  });

  it('sends a due capture to the PSP once, whichever instance claims it', async () => {
    const { page, sessionId } = await a.openPage({ currency: 'EUR', total: 5_000, orderId: 'two-capture', methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/capture') });
    proxy.refuseCaptures = true;
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    // The verdict covers the order: the capture is owed, and its first send meets a PSP that is down.
    await until(async () => {
      const s = await session(sessionId);
      const capture = s.attempts[0]?.transactions.find((t) => t.type === 'capture');
      return s.status === 'CAPTURING' && capture?.dispatch?.state === 'owed' && capture.ack !== undefined;
    }, 'the first capture send to fail');
    expect(proxy.captureCalls).toBe(0);

    proxy.refuseCaptures = false;
    clock.advance(a.instance.core.policy.dispatchRetryDelaysMs[0]!);
    await raceWorkers();
    await until(async () => (await session(sessionId)).status === 'PAID', 'the capture verdict');
    clock.advance(1);
    await raceWorkers();

    expect(proxy.captureCalls).toBe(1);
    const paid = await session(sessionId);
    expect(paid).toMatchObject({ status: 'PAID', captured: { amount: 5_000 } });
    expect(paid.attempts[0]!.transactions.filter((t) => t.type === 'capture')).toHaveLength(1);
    expect(receiver.callsTo('/hooks/capture')).toHaveLength(1);
  });

  it('looks an overdue verdict up at the PSP once, whichever instance claims it', async () => {
    const { page, sessionId } = await a.openPage({ currency: 'EUR', total: 3_000, orderId: 'two-lookup', methods: [{ method: 'card' }] });
    const lostOnItsWay = a.tap.dropNext((n) => n.event === 'authorization');
    expect((await page.payByCard('card', 3_000)).status).toBe(201);
    await lostOnItsWay;
    const lost = await session(sessionId);
    expect(lost.attempts[0]).toMatchObject({ status: 'AUTHORIZING', verdictDueAt: expect.any(Number) });
    expect(proxy.lookupCalls).toBe(0);

    clock.advance(lost.attempts[0]!.verdictDueAt! - clock.now());
    await raceWorkers();
    await until(async () => (await session(sessionId)).status === 'PAID', 'the looked-up grant to be captured');
    clock.advance(60_000);
    await raceWorkers();

    expect(proxy.lookupCalls).toBe(1);
    expect((await session(sessionId)).attempts[0]).toMatchObject({ status: 'CAPTURED', granted: { amount: 3_000 } });
  });

  it('retries a due webhook delivery once per calendar step, not once per instance', async () => {
    receiver.script = (_index, call) => (call.path === '/hooks/retry' && receiver.callsTo('/hooks/retry').length === 0 ? { kind: 'respond', status: 500, body: 'down' } : acknowledge);
    const created = await a.createSession({ currency: 'EUR', total: 1_000, orderId: 'two-retry', ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/retry') });
    clock.advance(1_000);
    await raceWorkers();
    expect(receiver.callsTo('/hooks/retry')).toHaveLength(1);
    expect((await session(created.sessionId)).notification?.delivery).toMatchObject({ failures: 1, abandoned: false });

    clock.advance(a.config.webhookRetryDelaysMs[0]!);
    await raceWorkers();
    clock.advance(3_600_000);
    await raceWorkers();

    expect(receiver.callsTo('/hooks/retry')).toHaveLength(2);
    expect((await session(created.sessionId)).notification?.delivery).toMatchObject({ failures: 1, deliveredAt: expect.any(Number) });
  });

  it('creates one session for ten requests with one idempotency-key sent to both at once, and answers it to each (D63)', async () => {
    const body = JSON.stringify({ currency: 'EUR', total: 2_000, orderId: 'two-keyed', methods: [{ method: 'card' }] });
    const create = async (h: ServiceHarness) => {
      const res = await fetch(`${h.url}/api/sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await h.clientToken()}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'one-session' },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 === 0 ? a : b)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    const stored = await stores.database.collection('sessions').find({ merchantId: 'shop', orderId: 'two-keyed' }).toArray();
    expect(stored.map((doc) => doc._id)).toEqual([answers[0]!.body.sessionId]);
  });
});
