import { merchantId, nextDueAt, type DeliveryOutcome, type Session, type SessionId, type WebhookMessage, type WebhookSender } from '@splitpay/domain';
import { CounterMetrics, SystemTimer } from '@splitpay/infra';
import { dispatchingCore, sessionWorkerOn, type DispatchingCore } from '../testing/dispatching.fixture';
import { SessionFactory } from './notification.fixtures';
import { SessionEndedDelivery } from './session-ended.delivery';
import { SessionEndedWorker } from './session-ended.worker';

const TTL = 15 * 60_000;
const SLOW_HOOK = 'https://slow.example/hooks';
const SHOP_HOOK = 'https://shop.example/hooks';

/** A merchant endpoint that never answers (until `answer()`) at SLOW_HOOK; every other address acknowledges at once. */
class HangingSender implements WebhookSender {
  readonly sent: WebhookMessage[] = [];
  hanging = 0;
  mostAtOnce = 0;
  private readonly waiting: (() => void)[] = [];

  async send(message: WebhookMessage): Promise<DeliveryOutcome> {
    this.sent.push(message);
    if (message.url !== SLOW_HOOK) return { received: true, httpStatus: 200 };
    this.hanging++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.hanging);
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.hanging--;
    return { received: true, httpStatus: 200 };
  }

  answer(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  triesOf(notificationId: string): number {
    return this.sent.filter((m) => m.notificationId === notificationId).length;
  }
}

/** Lets the promises settle without moving any timer. */
async function settled(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never settled: ${what}`);
}

function bench() {
  const core = dispatchingCore([]);
  const sender = new HangingSender();
  const identity = { open: (sealed: string) => sealed, seal: (clear: string) => clear };
  const delivery = new SessionEndedDelivery({
    merchants: core.stores.merchants,
    sealer: identity,
    sender,
    clock: core.clock,
    logger: core.logger,
    metrics: new CounterMetrics(),
    retryDelaysMs: [1_000, 60_000, 300_000],
  });
  const sessionWorker = sessionWorkerOn(core, 'instance-a');
  // The lease outlasts the manual clock's moves while a try hangs: its heartbeat paces on real time.
  const endedWorker = (owner = 'instance-a') =>
    new SessionEndedWorker({ sessions: core.stores.sessions, writer: core.writer, delivery, clock: core.clock, timer: new SystemTimer(), logger: core.logger, owner, leaseMs: 10 * 60_000, perMerchant: 2 });
  return { core, sender, delivery, sessionWorker, endedWorker };
}

async function account(core: DispatchingCore, id: string): Promise<void> {
  await core.stores.merchants.upsert({
    merchantId: merchantId(id),
    secretHash: 'x',
    webhookAuthorizationSealed: `Bearer ${id}-hook`,
    webhookSigningSecretSealed: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    contracts: [],
    contacts: [],
  });
}

/** A PENDING session of `merchant` whose ending is announced at `hook`, stored due at its expiry. */
async function pending(core: DispatchingCore, merchant: string, hook: string, orderId: string): Promise<Session> {
  const factory = new SessionFactory({ merchantId: merchant, now: () => core.clock.now(), newId: () => core.factory.ctx().newId() });
  const session = factory.pending({ orderId, notificationUrl: hook });
  await core.stores.sessions.insert({ ...session, version: 1, dueAt: nextDueAt(session) });
  return session;
}

/** The store's port, counting the writes that put a message back and bring it back. */
function countingPutBacks(core: DispatchingCore) {
  const writes = { postpone: 0, recall: 0 };
  const sessions = new Proxy(core.stores.sessions, {
    get(target, name, receiver) {
      if (name === 'postponeNotification') writes.postpone++;
      if (name === 'recallNotification') writes.recall++;
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { sessions, writes };
}

const stored = async (core: DispatchingCore, id: SessionId) => (await core.stores.sessions.findById(id))!;

describe('SessionEndedWorker: the session-ended message outside the session turns', () => {
  it('eight sessions of a merchant whose endpoint hangs hold back neither the expiry of another merchant\'s session nor its message', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    await account(core, 'slow');
    await account(core, 'shop');
    const slow: Session[] = [];
    for (let i = 0; i < 8; i++) slow.push(await pending(core, 'slow', SLOW_HOOK, `slow-${i}`));
    core.clock.advance(60_000);
    const healthy = await pending(core, 'shop', SHOP_HOOK, 'healthy');

    // The slow merchant's sessions expire; their messages are tried, and hang.
    core.clock.advance(TTL - 60_000);
    await expect(sessionWorker.runOnce()).resolves.toBe(8);
    const worker = endedWorker();
    const hangingRun = worker.runOnce();
    await settled(() => sender.hanging === 2, 'the slow merchant\'s tries to hang');

    // While they hang: the healthy session expires in a session turn, and its message goes out.
    core.clock.advance(60_000);
    await expect(sessionWorker.runOnce()).resolves.toBe(1);
    expect((await stored(core, healthy.id)).status).toBe('EXPIRED');
    await expect(worker.runOnce()).resolves.toBe(1);
    expect(sender.triesOf(`${healthy.id}:EXPIRED`)).toBe(1);
    expect((await stored(core, healthy.id)).notification?.delivery).toMatchObject({ deliveredAt: core.clock.now(), failures: 0 });
    // One merchant's endpoint holds at most two tries at once, never all the slots.
    expect(sender.hanging).toBe(2);
    expect(worker.inUse().total).toBe(2);
    expect(worker.inUse().byMerchant.get(merchantId('slow'))).toBe(2);

    // Once the endpoint answers, the run goes on with the rest of the slow merchant's messages (put back
    // while it was at its cap), two at a time.
    let ended = false;
    void hangingRun.finally(() => (ended = true));
    while (!ended) {
      sender.answer();
      await settled(() => ended || sender.hanging > 0, 'the next tries');
    }
    await expect(hangingRun).resolves.toBe(8);
    expect(sender.mostAtOnce).toBe(2);
    expect(slow.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual(slow.map(() => 1));
    for (const s of slow) expect((await stored(core, s.id)).notification?.delivery?.deliveredAt).toBeDefined();
  });

  it('a session stored before the message had its own instant (its calendar in dueAt) is moved over by its next session turn, then sent once', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    await account(core, 'shop');
    const session = await pending(core, 'shop', SHOP_HOOK, 'legacy');
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    // As the old writer stored it: no notificationDueAt, the webhook calendar in dueAt.
    const ended = await stored(core, session.id);
    const { notificationDueAt: due, ...legacy } = ended;
    expect(due).toBe(core.clock.now());
    await core.stores.sessions.save({ ...legacy, version: ended.version + 1, dueAt: due! }, { expectedVersion: ended.version });
    await expect(endedWorker().runOnce()).resolves.toBe(0);

    await expect(sessionWorker.runOnce()).resolves.toBe(1);
    expect(await stored(core, session.id)).toMatchObject({ notificationDueAt: due });
    expect(await stored(core, session.id)).not.toHaveProperty('dueAt');
    await expect(endedWorker().runOnce()).resolves.toBe(1);
    expect(sender.triesOf(`${session.id}:EXPIRED`)).toBe(1);
  });

  it('a message is tried by one instance at a time: the session lease is held while the try runs', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    await account(core, 'slow');
    const session = await pending(core, 'slow', SLOW_HOOK, 'once');
    core.clock.advance(TTL);
    await sessionWorker.runOnce();

    const first = endedWorker('instance-a').runOnce();
    await settled(() => sender.hanging === 1, 'the try to hang');
    await expect(endedWorker('instance-b').runOnce()).resolves.toBe(0);
    // Nor does a session turn take the session while its message is in flight.
    expect(await core.stores.sessions.claimDue(core.clock.now() + TTL, 'instance-b', 60_000)).toBeNull();

    sender.answer();
    await expect(first).resolves.toBe(1);
    const after = await stored(core, session.id);
    expect(after).not.toHaveProperty('lease');
    expect(after).not.toHaveProperty('notificationDueAt');
    expect(sender.triesOf(`${session.id}:EXPIRED`)).toBe(1);
    await expect(endedWorker('instance-b').runOnce()).resolves.toBe(0);
  });

  it('a session whose stored instant is past but whose message is no longer owed is restamped, and no other merchant\'s message waits on it (D108-c)', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    const worker = endedWorker();
    for (let m = 0; m < 4; m++) await account(core, `old${m}`);
    await account(core, 'shop');
    // Eight endings over four merchants, delivered; each document then keeps a past notificationDueAt,
    // as an older instance's save (a writer unaware of the field) leaves it.
    const old: Session[] = [];
    for (let i = 0; i < 8; i++) old.push(await pending(core, `old${i % 4}`, `https://old${i % 4}.example/hooks`, `old-${i}`));
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const endedAt = core.clock.now();
    while ((await worker.runOnce()) > 0);
    for (const s of old) {
      const current = await stored(core, s.id);
      expect(current.notification?.delivery?.deliveredAt).toBeDefined();
      await core.stores.sessions.save({ ...current, version: current.version + 1, notificationDueAt: endedAt }, { expectedVersion: current.version });
    }
    const healthy = await pending(core, 'shop', SHOP_HOOK, 'healthy');
    core.clock.advance(TTL + 60_000);
    await sessionWorker.runOnce();

    for (let run = 0; run < 3; run++) await worker.runOnce();
    for (const s of old) expect(await stored(core, s.id)).not.toHaveProperty('notificationDueAt');
    for (const s of old) expect(await stored(core, s.id)).not.toHaveProperty('lease');
    expect(sender.triesOf(`${healthy.id}:EXPIRED`)).toBe(1);
    expect(old.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual(old.map(() => 1));
  });

  it('a message of a merchant at its cap is put back (capBackoffMs) and its lease freed: no claim walks past that merchant\'s backlog', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    await account(core, 'slow');
    await account(core, 'shop');
    const slow: Session[] = [];
    for (let i = 0; i < 5; i++) slow.push(await pending(core, 'slow', SLOW_HOOK, `slow-${i}`));
    core.clock.advance(60_000);
    const healthy = await pending(core, 'shop', SHOP_HOOK, 'healthy');
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const worker = endedWorker();
    const run = worker.runOnce();
    await settled(() => sender.hanging === 2 && sender.triesOf(`${healthy.id}:EXPIRED`) === 1, 'two slow tries and the healthy one');
    await settled(async () => (await stored(core, slow[4]!.id)).notificationDueAt === core.clock.now() + 10_000, 'the backlog put back');
    const putBack = (await Promise.all(slow.map((s) => stored(core, s.id)))).filter((s) => s.notificationDueAt === core.clock.now() + 10_000);
    expect(putBack).toHaveLength(3);
    for (const s of putBack) expect(s).not.toHaveProperty('lease');

    // Once the tries end, the run brings them back and sends them, two at a time.
    let ended = false;
    void run.finally(() => (ended = true));
    while (!ended) {
      sender.answer();
      await settled(() => ended || sender.hanging > 0, 'the tries to end');
    }
    await expect(run).resolves.toBe(6);
    expect(sender.mostAtOnce).toBe(2);
    expect(slow.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual(slow.map(() => 1));
  });

  it('a burst of one merchant\'s messages costs writes linear in its size: each message put back and brought back once at most (D108-b1)', async () => {
    const { core, sender, delivery, sessionWorker } = bench();
    await account(core, 'slow');
    const burst: Session[] = [];
    for (let i = 0; i < 20; i++) burst.push(await pending(core, 'slow', SLOW_HOOK, `slow-${i}`));
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const { sessions, writes } = countingPutBacks(core);
    const worker = new SessionEndedWorker({ sessions, writer: core.writer, delivery, clock: core.clock, timer: new SystemTimer(), logger: core.logger, owner: 'instance-a', leaseMs: 10 * 60_000, perMerchant: 2 });
    const run = worker.runOnce();
    let ended = false;
    void run.finally(() => (ended = true));
    while (!ended) {
      await settled(() => ended || sender.hanging === 2 || (sender.hanging > 0 && sender.sent.length === 20), 'the tries of a pass');
      sender.answer();
    }
    await expect(run).resolves.toBe(20);
    expect(burst.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual(burst.map(() => 1));
    expect(sender.mostAtOnce).toBe(2);
    // Before: every pass put back and brought back the whole rest of the burst (18 + 16 + ... + 2 = 90 each).
    expect(writes).toEqual({ postpone: 18, recall: 18 });
  });

  it('runs that start while a merchant\'s tries hang leave its messages put back untouched, and another merchant\'s message due at the same instant is sent (D108-b3)', async () => {
    const { core, sender, delivery, sessionWorker } = bench();
    await account(core, 'slow');
    await account(core, 'shop');
    const slow: Session[] = [];
    for (let i = 0; i < 6; i++) slow.push(await pending(core, 'slow', SLOW_HOOK, `slow-${i}`));
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const { sessions, writes } = countingPutBacks(core);
    // The hung tries' leases outlast the clock's move to the healthy session's expiry.
    const worker = new SessionEndedWorker({ sessions, writer: core.writer, delivery, clock: core.clock, timer: new SystemTimer(), logger: core.logger, owner: 'instance-a', leaseMs: 60 * 60_000, perMerchant: 2 });
    const first = worker.runOnce();
    await settled(() => sender.hanging === 2 && writes.postpone === 4, 'two tries hang, four put back');

    // Later runs (one per tick in production) while the two tries hang: before, each brought back two
    // messages and put them back again, two writes of each per run, and on a store that sorts equal
    // instants by insertion a run's claims could meet only those, never reaching another merchant's.
    for (let tick = 0; tick < 5; tick++) await expect(worker.runOnce()).resolves.toBe(0);
    expect(writes).toEqual({ postpone: 4, recall: 0 });
    const healthy = await pending(core, 'shop', SHOP_HOOK, 'healthy');
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    // The messages put back are due again (their instant passed): walked once each, put back once each.
    await expect(worker.runOnce()).resolves.toBe(1);
    expect(sender.triesOf(`${healthy.id}:EXPIRED`)).toBe(1);
    expect(writes).toEqual({ postpone: 8, recall: 0 });

    // Each try that ends brings one back: the first run sends the rest, two at a time.
    let ended = false;
    void first.finally(() => (ended = true));
    while (!ended) {
      sender.answer();
      await settled(() => ended || sender.hanging > 0, 'the tries to end');
    }
    await expect(first).resolves.toBe(6);
    expect(sender.mostAtOnce).toBe(2);
    expect(slow.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual(slow.map(() => 1));
  });

  it('a message put back stays due at the later instant when the run ends before bringing it back (a crash, a stop)', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    await account(core, 'slow');
    const slow: Session[] = [];
    for (let i = 0; i < 3; i++) slow.push(await pending(core, 'slow', SLOW_HOOK, `slow-${i}`));
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const worker = endedWorker();
    const run = worker.runOnce();
    await settled(() => sender.hanging === 2, 'two tries in flight');
    await settled(async () => (await stored(core, slow[2]!.id)).notificationDueAt === core.clock.now() + 10_000, 'the third put back');
    worker.stop();
    sender.answer();
    await expect(run).resolves.toBe(2);
    expect(await stored(core, slow[2]!.id)).toMatchObject({ notificationDueAt: core.clock.now() + 10_000 });
    const other = endedWorker('instance-b');
    await expect(other.runOnce()).resolves.toBe(0);
    core.clock.advance(10_000);
    const later = other.runOnce();
    await settled(() => sender.hanging === 1, 'the third try');
    sender.answer();
    await expect(later).resolves.toBe(1);
    expect(slow.map((s) => sender.triesOf(`${s.id}:EXPIRED`))).toEqual([1, 1, 1]);
  });

  it('a stop ends the claims: the tries in flight finish, no new one begins, the rest stay due for another instance', async () => {
    const { core, sender, sessionWorker, endedWorker } = bench();
    // Six merchants whose endpoints hang, two messages each: eight tries fill the slots, four wait.
    const sessions: Session[] = [];
    for (let m = 0; m < 6; m++) {
      await account(core, `slow${m}`);
      for (let i = 0; i < 2; i++) sessions.push(await pending(core, `slow${m}`, SLOW_HOOK, `slow-${m}-${i}`));
    }
    core.clock.advance(TTL);
    await sessionWorker.runOnce();
    const worker = endedWorker();
    const run = worker.runOnce();
    await settled(() => sender.hanging === 8, 'eight tries in flight');

    worker.stop();
    let ended = false;
    void run.finally(() => (ended = true));
    while (!ended) {
      sender.answer();
      await settled(() => ended || sender.hanging > 0, 'the run to end');
    }
    await expect(run).resolves.toBe(8);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(sender.sent).toHaveLength(8);
    const left = (await Promise.all(sessions.map((s) => stored(core, s.id)))).filter((s) => s.notification?.delivery?.deliveredAt === undefined);
    expect(left).toHaveLength(4);
    for (const s of left) expect(s).not.toHaveProperty('lease');
    for (const s of left) expect(s.notificationDueAt).toBe(core.clock.now());
  });
});
