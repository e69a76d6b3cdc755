import { Webhook } from 'standardwebhooks';
import { acknowledge, refusedUrl, WebhookReceiver, type ReceiverAnswer } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import { useService } from '../support/use-service';
import {
  contactToken,
  eventually,
  logged,
  notificationOf,
  replay,
  RIVAL_ADMIN,
  SHOP,
  SHOP_ADMIN,
  SIGNING_SECRET,
  sessionThatExpires,
  WEBHOOK_AUTHORIZATION,
  webhookMerchants,
} from './webhooks.support';

/** The calendar these tests configure: retries at t+50 ms, t+100 ms, t+150 ms (manual clock). */
const DELAYS = [50, 100, 150];

describe('session-ended webhooks against a real receiver', () => {
  const receiver = new WebhookReceiver();
  /** Answers scripted per path: the n-th call on a path gets answers[n], then the acknowledgement. */
  const scripts = new Map<string, readonly ReceiverAnswer[]>();

  beforeAll(async () => {
    await receiver.start();
    receiver.script = (_i, call) => scripts.get(call.path)?.[receiver.callsTo(call.path).length] ?? acknowledge;
  });
  const h = useService({
    merchants: webhookMerchants({}),
    // Tokens outlive the clock jumps of these tests (the harness caches the client token).
    env: { WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','), WEBHOOK_TIMEOUT_MS: '300', ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600) },
  });
  afterAll(() => receiver.stop());

  /** Moves the manual clock past the 1 s ttl, and lets the worker end the session (and try its message). */
  async function expireAndRun(): Promise<number> {
    h.clock.advance(1_000);
    await h.runWorkers();
    return h.clock.now();
  }

  it('delivers a paid session once, on the first try, signed and with the agreed authorization', async () => {
    const created = await h.createSession(
      { currency: 'EUR', total: 4_200, orderId: 'paid-1', methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/paid') },
      SHOP,
    );
    const page = new ElementsClient(h.url, created.elementsToken);
    await page.payByCard('card', 4_200);
    await page.waitFor((v) => v.status === 'PAID');
    await h.runWorkers();

    const calls = receiver.callsTo('/hooks/paid');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.headers.authorization).toBe(WEBHOOK_AUTHORIZATION);
    expect(call.headers['webhook-id']).toBe(`${created.sessionId}:PAID`);
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((k) => [k, String(call.headers[k])]));
    const payload = new Webhook(SIGNING_SECRET).verify(call.body, headers) as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'session-ended',
      notificationId: `${created.sessionId}:PAID`,
      sessionId: created.sessionId,
      orderId: 'paid-1',
      status: 'PAID',
      total: { amount: 4_200, currency: 'EUR' },
      captured: { amount: 4_200, currency: 'EUR' },
      attempts: [
        {
          method: 'card',
          methodId: 'card',
          provider: 'fake',
          cardScheme: 'visa',
          status: 'CAPTURED',
          requested: { amount: 4_200, currency: 'EUR' },
          granted: { amount: 4_200, currency: 'EUR' },
          operations: [
            { type: 'authorization', status: 'succeeded', amount: { amount: 4_200, currency: 'EUR' }, providerRef: expect.any(String) },
            { type: 'capture', status: 'succeeded', amount: { amount: 4_200, currency: 'EUR' }, providerRef: expect.any(String) },
          ],
        },
      ],
    });

    expect(await notificationOf(h, created.sessionId)).toEqual({ url: receiver.url('/hooks/paid'), deliveredAt: h.clock.now(), failures: 0, abandoned: false });
    h.clock.advance(3_600_000);
    await h.runWorkers();
    expect(receiver.callsTo('/hooks/paid')).toHaveLength(1);
  });

  const failures: [string, ReceiverAnswer][] = [
    ['status 500', { kind: 'respond', status: 500, contentType: 'text/plain', body: 'OK' }],
    ['status 201', { kind: 'respond', status: 201, contentType: 'text/plain', body: 'OK' }],
    ['body ok', { kind: 'respond', status: 200, contentType: 'text/plain', body: 'ok' }],
    ['JSON content type', { kind: 'respond', status: 200, contentType: 'application/json', body: '"OK"' }],
    ['timeout', { kind: 'hang' }],
  ];

  it.each(failures)('%s: counted as a failure, retried at t+1st delay, then delivered', async (name, answer) => {
    const path = `/hooks/${encodeURIComponent(name)}`;
    scripts.set(path, [answer]);
    const sessionId = await sessionThatExpires(h, receiver.url(path), `fail-${name.length}`);
    const t = await expireAndRun();

    expect(receiver.callsTo(path)).toHaveLength(1);
    expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 1, abandoned: false });

    h.clock.set(t + DELAYS[0]! - 1);
    await h.runWorkers();
    expect(receiver.callsTo(path)).toHaveLength(1);

    h.clock.set(t + DELAYS[0]!);
    await h.runWorkers();
    const calls = receiver.callsTo(path);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['webhook-id']).toBe(calls[0]!.headers['webhook-id']);
    expect(calls[1]!.body).toBe(calls[0]!.body);
    expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), deliveredAt: t + DELAYS[0]!, failures: 1, abandoned: false });
  });

  it('connection refused: counted as a failure, retried, then delivered once something listens', async () => {
    const url = await refusedUrl();
    const sessionId = await sessionThatExpires(h, url, 'refused');
    const t = await expireAndRun();
    expect(await notificationOf(h, sessionId)).toEqual({ url, failures: 1, abandoned: false });

    const late = await new WebhookReceiver().start(Number(new URL(url).port));
    try {
      h.clock.set(t + DELAYS[0]!);
      await h.runWorkers();
      expect(late.calls).toHaveLength(1);
      expect(late.calls[0]!.headers['webhook-id']).toBe(`${sessionId}:EXPIRED`);
      expect(await notificationOf(h, sessionId)).toMatchObject({ failures: 1, abandoned: false, deliveredAt: t + DELAYS[0]! });
    } finally {
      await late.stop();
    }
  });

  describe('a receiver that never acknowledges', () => {
    const path = '/hooks/down';
    const down: ReceiverAnswer = { kind: 'respond', status: 503, contentType: 'text/plain', body: 'busy' };
    let sessionId: string;
    let t: number;

    beforeAll(async () => {
      scripts.set(path, [down, down, down, down, down, down, down, down]);
      sessionId = await sessionThatExpires(h, receiver.url(path), 'down');
      t = await expireAndRun();
    });

    it('is tried four times on the calendar, then abandoned with the operator alert', async () => {
      for (const [i, delay] of DELAYS.entries()) {
        expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: i + 1, abandoned: false });
        h.clock.set(t + delay);
        await h.runWorkers();
      }
      expect(receiver.callsTo(path)).toHaveLength(4);
      expect(new Set(receiver.callsTo(path).map((c) => c.headers['webhook-id']))).toEqual(new Set([`${sessionId}:EXPIRED`]));
      expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 4, abandoned: true });

      // The logger's stream may hand the line over a tick after the state is saved, on a loaded machine.
      const abandonedAlerts = () => logged(h, 'notification.abandoned').filter((line) => line.notificationId === `${sessionId}:EXPIRED`);
      await eventually(() => abandonedAlerts().length > 0);
      const alerts = abandonedAlerts();
      expect(alerts).toEqual([expect.objectContaining({ level: 'error', notificationId: `${sessionId}:EXPIRED`, failures: 4 })]);
      const metrics = await (await fetch(`${h.url}/metrics`)).text();
      expect(metrics).toMatch(/^notification_abandoned_total\{event="session-ended"\} 1$/m);

      h.clock.advance(24 * 3_600_000);
      await h.runWorkers();
      expect(receiver.callsTo(path)).toHaveLength(4);
    });

    it('a replay re-arms the whole calendar with the same notificationId; acknowledged, it is replayable again', async () => {
      const token = await contactToken(h, SHOP_ADMIN);
      const asked = await replay(h, sessionId, token);
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ url: receiver.url(path), failures: 4, abandoned: true });
      expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 0, abandoned: false });

      // The whole calendar again: four more tries before abandoning.
      const t2 = h.clock.now();
      await h.runWorkers();
      for (const delay of DELAYS) {
        h.clock.set(t2 + delay);
        await h.runWorkers();
      }
      expect(receiver.callsTo(path)).toHaveLength(8);
      expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 4, abandoned: true });

      // The receiver is fixed; a replay delivers the very same message.
      const replayed = await replay(h, sessionId, token);
      expect(replayed.status).toBe(202);
      await h.runWorkers();
      const calls = receiver.callsTo(path);
      expect(calls).toHaveLength(9);
      expect(calls[8]!.headers['webhook-id']).toBe(`${sessionId}:EXPIRED`);
      expect(calls[8]!.body).toBe(calls[0]!.body);
      expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), deliveredAt: h.clock.now(), failures: 0, abandoned: false });

      const again = await replay(h, sessionId, token);
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ url: receiver.url(path), failures: 0, abandoned: false });
      await h.runWorkers();
      expect(receiver.callsTo(path)).toHaveLength(10);
      expect(receiver.callsTo(path)[9]!.headers['webhook-id']).toBe(`${sessionId}:EXPIRED`);
    });
  });

  describe('replay refusals', () => {
    let contact: string;
    beforeAll(async () => {
      contact = await contactToken(h, SHOP_ADMIN);
    });

    async function abandonedSession(): Promise<string> {
      const path = '/hooks/refusals';
      scripts.set(path, Array.from({ length: 20 }, () => ({ kind: 'respond', status: 500, body: '' }) as const));
      const sessionId = await sessionThatExpires(h, receiver.url(path), 'refusals');
      const t = await expireAndRun();
      for (const delay of DELAYS) {
        h.clock.set(t + delay);
        await h.runWorkers();
      }
      expect(await notificationOf(h, sessionId)).toMatchObject({ abandoned: true });
      return sessionId;
    }

    it('a client (machine) token or no token is Unauthorized', async () => {
      const sessionId = await abandonedSession();
      const machine = await replay(h, sessionId, await h.clientToken(SHOP));
      expect(machine.status).toBe(401);
      expect(machine.body.code).toBe('Unauthorized');
      expect(machine.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      const anonymous = await replay(h, sessionId);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('Unauthorized');
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect(await notificationOf(h, sessionId)).toMatchObject({ failures: 4, abandoned: true });
    });

    it('another merchant\'s session is NotFound, exactly as an unknown one', async () => {
      const sessionId = await abandonedSession();
      const rival = await replay(h, sessionId, await contactToken(h, RIVAL_ADMIN));
      const unknown = await replay(h, '0190f0a0-0000-7000-8000-00000000beef', contact);
      expect(rival.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(rival.body).toEqual(unknown.body);
      expect(rival.body.code).toBe('NotFound');
      expect(await notificationOf(h, sessionId)).toMatchObject({ failures: 4, abandoned: true });
    });

    it('SessionNotEnded before the end', async () => {
      const created = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'open', methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/open') }, SHOP);
      const answer = await replay(h, created.sessionId, contact);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('SessionNotEnded');
    });

    it('NoNotificationUrl when neither the session nor the account declared an address', async () => {
      const sessionId = await sessionThatExpires(h, undefined, 'silent');
      await expireAndRun();
      const answer = await replay(h, sessionId, contact);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('NoNotificationUrl');
      expect(await notificationOf(h, sessionId)).toBeUndefined();
    });

    it('NotificationNotAbandoned while the calendar still runs', async () => {
      const path = '/hooks/running';
      scripts.set(path, [{ kind: 'respond', status: 500, body: '' }]);
      const sessionId = await sessionThatExpires(h, receiver.url(path), 'running');
      await expireAndRun();
      const answer = await replay(h, sessionId, contact);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('NotificationNotAbandoned');
      expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 1, abandoned: false });
    });

    it('a malformed session id or a body property is InvalidRequest, a body that is not JSON UnsupportedMediaType (415)', async () => {
      const malformed = await replay(h, 'not-a-uuid', contact);
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('InvalidRequest');
      const sessionId = await abandonedSession();
      const withBody = await replay(h, sessionId, contact, { force: true });
      expect(withBody.status).toBe(400);
      expect(withBody.body.code).toBe('InvalidRequest');
      const textBody = await fetch(`${h.url}/api/sessions/${sessionId}/notification`, { method: 'POST', headers: { Authorization: `Bearer ${contact}`, 'Content-Type': 'text/plain' }, body: 'force' });
      expect([textBody.status, ((await textBody.json()) as { code: string }).code]).toEqual([415, 'UnsupportedMediaType']);
      expect(await notificationOf(h, sessionId)).toMatchObject({ abandoned: true });
    });
  });
});
