import { SystemTimer } from '@splitpay/infra';
import { nextDueAt, type Session, type SessionId } from '@splitpay/domain';
import { dispatchingCore, type DispatchingCore } from '../testing/dispatching.fixture';
import { VerdictLookup } from '../psp/verdict-lookup';
import { SessionWorker, type SessionWorkerDeps } from './session-worker';

const TTL = 15 * 60_000;

/**
 * A turn step that waits on something that never answers (a PSP, a store): a turn on a session in
 * `hung` waits in its status lookups until `answer()`; every other one goes on at once. Counts the
 * turns waiting there. (The session-ended message no longer runs in a turn: SessionEndedWorker.)
 */
class HangingDelivery {
  readonly hung = new Set<string>();
  readonly started: string[] = [];
  inFlight = 0;
  mostAtOnce = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly watchers: { readonly count: number; readonly reached: () => void }[] = [];

  lookupOf(real: VerdictLookup): VerdictLookup {
    const lookUp: VerdictLookup['lookUp'] = async (session, ...rest) => {
      this.started.push(session.id);
      this.inFlight++;
      this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
      for (const watcher of this.watchers.filter((w) => w.count === this.inFlight)) {
        this.watchers.splice(this.watchers.indexOf(watcher), 1);
        watcher.reached();
      }
      try {
        if (this.hung.has(session.id)) await new Promise<void>((resolve) => this.waiting.push(resolve));
        return await real.lookUp(session, ...rest);
      } finally {
        this.inFlight--;
      }
    };
    return Object.assign(Object.create(real) as VerdictLookup, { lookUp });
  }

  /** Settles once `count` deliveries are in flight at once (at once if they already are). */
  inFlightReaches(count: number): Promise<void> {
    if (this.inFlight === count) return Promise.resolve();
    return new Promise((reached) => this.watchers.push({ count, reached }));
  }

  answer(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

function workerOf(core: DispatchingCore, delivery: HangingDelivery, options: Partial<SessionWorkerDeps> = {}): SessionWorker {
  return new SessionWorker({
    sessions: core.stores.sessions,
    writer: core.writer,
    dispatcher: core.dispatcher,
    lookup: delivery.lookupOf(new VerdictLookup({ gateway: core.gateway, logger: core.logger })),
    gateway: core.gateway,
    clock: core.clock,
    timer: new SystemTimer(),
    logger: core.logger,
    owner: 'instance-a',
    ...options,
  });
}

/**
 * A PENDING session stored with its expiry as its due time; a `hung` one's ending owes a message
 * (due at once, so the session stays due while its turn waits on the merchant).
 */
async function expiring(core: DispatchingCore, orderId: string, delivery: HangingDelivery, hung = false): Promise<Session> {
  const session = core.factory.pending({ orderId, ...(hung ? { notificationUrl: 'https://merchant.example/hooks' } : {}) });
  if (hung) delivery.hung.add(session.id);
  await core.stores.sessions.insert({ ...session, version: 1, dueAt: nextDueAt(session) });
  return session;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const statusOf = async (core: DispatchingCore, id: SessionId) => (await core.stores.sessions.findById(id))?.status;

describe('SessionWorker: turns side by side', () => {
  it('a turn waiting on a merchant endpoint does not hold back the other due sessions of the run', async () => {
    const core = dispatchingCore([]);
    const delivery = new HangingDelivery();
    const stuck = await expiring(core, 'stuck', delivery, true);
    const others = [await expiring(core, 'other-1', delivery), await expiring(core, 'other-2', delivery)];
    core.clock.advance(TTL);

    const run = workerOf(core, delivery).runOnce();
    await until(async () => (await statusOf(core, others[0]!.id)) === 'EXPIRED' && (await statusOf(core, others[1]!.id)) === 'EXPIRED', 'the other sessions to expire');
    expect(delivery.inFlight).toBe(1);

    delivery.answer();
    await expect(run).resolves.toBe(3);
    expect(await statusOf(core, stuck.id)).toBe('EXPIRED');
  });

  it('runs at most `concurrency` turns at once', async () => {
    const core = dispatchingCore([]);
    const delivery = new HangingDelivery();
    const sessions: Session[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await expiring(core, `order-${i}`, delivery, i < 3));
    core.clock.advance(TTL);
    const worker = workerOf(core, delivery, { concurrency: 2 });

    const run = worker.runOnce();
    await delivery.inFlightReaches(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivery.started).toHaveLength(2);

    delivery.hung.clear();
    delivery.answer();
    await run;
    await worker.runOnce();
    expect(delivery.mostAtOnce).toBe(2);
    expect(new Set(delivery.started)).toEqual(new Set(sessions.map((s) => s.id)));
  });

  it('a run started while earlier turns wait claims what fell due since, within the same bound', async () => {
    const core = dispatchingCore([]);
    const delivery = new HangingDelivery();
    await expiring(core, 'stuck', delivery, true);
    core.clock.advance(TTL);
    // A lease longer than the time the clock is moved on while the first turn waits.
    const worker = workerOf(core, delivery, { concurrency: 2, leaseMs: 2 * TTL });
    const first = worker.runOnce();
    await delivery.inFlightReaches(1);

    const later = await expiring(core, 'later', delivery);
    core.clock.advance(1); // so that it falls due, and is claimed, first
    const blocked = await expiring(core, 'blocked', delivery, true);
    const waitingForASlot = await expiring(core, 'waiting', delivery, true);
    core.clock.advance(TTL);
    // One slot is left: the second run's lanes take it for `later`, then for `blocked`, which keeps it.
    const second = worker.runOnce();
    await until(async () => (await statusOf(core, later.id)) === 'EXPIRED' && delivery.inFlight === 2, 'the later session to expire');
    // Every slot is taken: a third run claims nothing, though a session is due.
    let stillRunning: ReturnType<typeof setTimeout> | undefined;
    const third = await Promise.race([worker.runOnce(), new Promise((resolve) => (stillRunning = setTimeout(() => resolve('still running'), 1_000)))]);
    clearTimeout(stillRunning);
    expect(third).toBe(0);
    expect(await core.stores.sessions.findById(waitingForASlot.id)).not.toHaveProperty('lease');

    delivery.hung.clear();
    delivery.answer();
    await expect(first).resolves.toBe(1);
    await expect(second).resolves.toBe(3);
    expect(await statusOf(core, blocked.id)).toBe('EXPIRED');
  });

  it('a stop ends the claims: the turns in flight finish, no new one begins, the rest stay due for another instance', async () => {
    const core = dispatchingCore([]);
    const delivery = new HangingDelivery();
    const sessions: Session[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await expiring(core, `order-${i}`, delivery, true));
    core.clock.advance(TTL);
    const worker = workerOf(core, delivery, { concurrency: 2 });
    const run = worker.runOnce();
    await delivery.inFlightReaches(2);

    worker.stop();
    delivery.hung.clear();
    delivery.answer();
    await expect(run).resolves.toBe(2);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(delivery.started).toHaveLength(2);
    const stored = await Promise.all(sessions.map(async (s) => (await core.stores.sessions.findById(s.id))!));
    expect(stored.filter((s) => s.status === 'EXPIRED').map((s) => s.id).sort()).toEqual([...delivery.started].sort());
    const left = stored.filter((s) => s.status === 'PENDING');
    expect(left).toHaveLength(3);
    for (const s of stored) expect(s).not.toHaveProperty('lease');
    for (const s of left) expect(s.dueAt).toBeLessThanOrEqual(core.clock.now());
    await expect(workerOf(core, delivery, { owner: 'instance-b' }).runOnce()).resolves.toBe(3);
  });

  describe('on jest fake timers (the heartbeat paced by them, whatever the machine’s load)', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    /** Lets the promises settle without moving the timers. */
    const settled = async (condition: () => boolean, what: string) => {
      for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
      if (!condition()) throw new Error(`never settled: ${what}`);
    };

    it('renews the lease of a turn that outlasts it, so no other instance claims the session; the renewals stop with the turn', async () => {
      const core = dispatchingCore([]);
      const delivery = new HangingDelivery();
      const stuck = await expiring(core, 'stuck', delivery, true);
      core.clock.advance(TTL);
      const leaseMs = 300;

      const run = workerOf(core, delivery, { leaseMs }).runOnce();
      await settled(() => delivery.inFlight === 1, 'the turn to wait');
      // Time passes on the instance's clock while the turn waits; the heartbeat renews from the clock's now.
      for (let i = 0; i < 8; i++) {
        core.clock.advance(leaseMs / 3);
        await jest.advanceTimersByTimeAsync(leaseMs / 3);
        expect(await core.stores.sessions.claimDue(core.clock.now(), 'instance-b', leaseMs)).toBeNull();
      }
      expect((await core.stores.sessions.findById(stuck.id))?.lease?.owner).toBe('instance-a');

      delivery.answer();
      await expect(run).resolves.toBe(1);
      expect(jest.getTimerCount()).toBe(0);
      const after = await core.stores.sessions.findById(stuck.id);
      expect(after).toMatchObject({ status: 'EXPIRED' });
      expect(after).not.toHaveProperty('lease');
    });
  });
});
