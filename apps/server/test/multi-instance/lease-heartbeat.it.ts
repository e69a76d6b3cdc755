import { randomBytes } from 'node:crypto';
import type { SessionId } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { startService, type ServiceHarness } from '../support/service-harness';

jest.setTimeout(30_000);

/** Renewed every third of it: a renewal may come 2.6 s late on a loaded machine and the lease still holds. */
const LEASE_MS = 4_000;

/** The machine's time, as production reads it: leases lapse (or are renewed) as time really passes. */
class WallClock extends ManualClock {
  override now(): number {
    return Date.now();
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two instances on one store, their workers on their own schedules, leases of 4 s: a turn of A that
 * waits on a merchant endpoint that never answers (its webhook timeout is a minute) runs far longer
 * than the lease. B must not take the session over and try the message again while A's turn runs.
 */
describe('two instances: a turn longer than its lease', () => {
  const stores = createEmbeddedStores();
  const clock = new WallClock();
  const hung = new WebhookReceiver();
  let a: ServiceHarness;
  let b: ServiceHarness;

  beforeAll(async () => {
    hung.script = () => ({ kind: 'hang' });
    await hung.start();
    // What every instance of one deployment shares: the key sealing the merchants' webhook secrets.
    const env = { WORKER_LEASE_MS: String(LEASE_MS), WEBHOOK_TIMEOUT_MS: '60000', DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    a = await startService({ stores, clock, env });
    b = await startService({ stores, clock, env });
  });
  afterAll(async () => {
    await hung.stop();
    await Promise.all([a.instance.stop(), b.instance.stop()]);
    await b.close();
    await a.close();
  });

  it('keeps the session with the instance whose turn still runs, past the lease, and the message is tried once', async () => {
    const created = await a.createSession({ currency: 'EUR', total: 1_000, orderId: 'long-turn', ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: hung.url('/hooks/long') });
    await new Promise((resolve) => setTimeout(resolve, created.expiresAt - Date.now() + 10));
    a.instance.startWorkers(50);
    await until(() => hung.callsTo('/hooks/long').length === 1, "A's webhook try");

    // A's lease was taken before its try; without renewals it lapses within one lease from now, and B,
    // ticking every 50 ms, would claim the session and try the message again.
    b.instance.startWorkers(50);
    const watchUntil = Date.now() + 1.5 * LEASE_MS;
    // The lease is the session-ended worker's own, not the instance's: a session turn of A whose lease
    // lapsed can neither renew it nor write over it (D108-e).
    const tryOwner = `${a.instance.core.instanceId}:session-ended`;
    while (Date.now() < watchUntil) {
      const session = await stores.sessions.findById(created.sessionId as SessionId);
      expect(session?.lease?.owner).toBe(tryOwner);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const turnOwner = `${a.instance.core.instanceId}:session-worker`;
    expect(await stores.sessions.renewLease(created.sessionId as SessionId, turnOwner, Date.now(), LEASE_MS)).toBe(false);
    const held = (await stores.sessions.findById(created.sessionId as SessionId))!;
    expect(await stores.sessions.save({ ...held, version: held.version + 1 }, { expectedVersion: held.version, leaseOwner: turnOwner })).toBe('conflict');
    expect((await stores.sessions.findById(created.sessionId as SessionId))?.lease?.owner).toBe(tryOwner);
    expect(hung.callsTo('/hooks/long')).toHaveLength(1);
  });
});
