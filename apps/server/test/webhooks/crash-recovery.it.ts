import { SessionWriter } from '@splitpay/application';
import { expireIfDue, nextDueAt, type SessionId } from '@splitpay/domain';
import { ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { startService, type ServiceHarness } from '../support/service-harness';
import { SHOP, webhookMerchants } from './webhooks.support';

const LONG_TOKENS = { ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600) };

describe('a crash between the ending and its delivery', () => {
  const receiver = new WebhookReceiver();
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let a: ServiceHarness;
  let b: ServiceHarness | undefined;

  beforeAll(async () => {
    await receiver.start();
    a = await startService({ merchants: webhookMerchants({}), stores, clock, env: LONG_TOKENS });
  });
  afterAll(async () => {
    await b?.close();
    await receiver.stop();
  });

  it('a new instance on the same store still delivers the message, once', async () => {
    const created = await a.createSession({ currency: 'EUR', total: 1_000, orderId: 'crash', ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/crash') }, SHOP);
    const sessionId = created.sessionId as SessionId;
    clock.advance(1_000);

    // Instance A's worker claims the session, writes the ending (its first write of the turn, which
    // owes the message in the same document), then dies before sending anything.
    const instanceA = a.instance.core.instanceId;
    expect((await stores.sessions.claimDue(clock.now(), instanceA, 60_000))?.id).toBe(sessionId);
    const writer = new SessionWriter({ sessions: stores.sessions, clock, ids: new UuidV7IdGenerator(), policy: a.instance.core.policy, nextDueAt });
    const ended = await writer.update(sessionId, (s, ctx) => ({ session: expireIfDue(s, ctx), result: undefined }));
    expect(ended.session.status).toBe('EXPIRED');
    expect(ended.session.notification?.delivery).toMatchObject({ failures: 0, abandoned: false, nextAttemptAt: clock.now() });
    await a.close();

    b = await startService({ merchants: webhookMerchants({}), stores, clock, env: LONG_TOKENS });
    // A's lease still holds: B leaves the session alone until it lapses.
    await b.runWorkers();
    expect(receiver.callsTo('/hooks/crash')).toHaveLength(0);

    clock.advance(60_000);
    await Promise.all([b.runWorkers(), b.runWorkers()]);
    clock.advance(3_600_000);
    await b.runWorkers();

    const calls = receiver.callsTo('/hooks/crash');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['webhook-id']).toBe(`${sessionId}:EXPIRED`);
    const stored = await stores.sessions.findById(sessionId);
    expect(stored?.notification?.delivery).toMatchObject({ deliveredAt: clock.now() - 3_600_000, failures: 0, abandoned: false });
    expect(stored?.lease).toBeUndefined();
  });
});
