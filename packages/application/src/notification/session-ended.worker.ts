import type { MerchantId, Session, SessionId, SessionRepository } from '@splitpay/domain';
import type { SessionCommand, SessionWriter } from '../session-writer';
import { runClaimedTurns, TurnSlots } from '../worker/claimed-turns';
import { LeaseHeartbeat, workerLeaseRenewal, type Heartbeat, type LeaseRenewal } from '../worker/lease-heartbeat';
import type { LeasedWorkerOptions } from '../worker/leased-worker-options';
import { DEFAULT_TRIES_PER_MERCHANT, DestinationSlots, type MerchantCapOptions } from './destination-slots';
import type { SessionEndedDelivery } from './session-ended.delivery';

/** batchSize: sessions per run, default 50. */
export interface SessionEndedWorkerDeps extends MerchantCapOptions, LeasedWorkerOptions {
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  readonly delivery: Pick<SessionEndedDelivery, 'deliverDue'>;
  readonly clock: { now(): number };
}

/** A message this run put back until `until`, to bring back when its merchant has a slot free. */
interface PutBack {
  readonly id: SessionId;
  readonly merchantId: MerchantId;
  readonly until: number;
}

/**
 * Sends owed session-ended messages on their calendar, outside the session worker's turns (an
 * outbox worker, as the chargeback worker): claims a session whose message is due
 * (`notificationDueAt`) under the session's own lease, so a session turn and a try never overlap and
 * no two instances try the same message, makes one try and records its outcome with the lease (which
 * the write releases). Its own slots, and at most `perMerchant` of them for one merchant: a merchant
 * whose endpoint hangs holds back neither the session turns nor the other merchants' messages
 * (docs/decisions.md D108). A crash mid-try leaves the lease to lapse: the message is tried again with
 * the same webhook-id (at least once).
 */
export class SessionEndedWorker {
  readonly name = 'session-ended';
  private readonly leaseMs: number;
  private readonly slots: TurnSlots;
  private readonly destinations: DestinationSlots<MerchantId>;
  private readonly heartbeat: LeaseHeartbeat;
  private readonly batchSize: number;
  private readonly capBackoffMs: number;
  /** Claims are made one at a time, so the merchants at their cap are known when each is made. */
  private claiming: Promise<unknown> = Promise.resolve();
  /**
   * Messages put back by any run of this worker and not yet brought back, per merchant in the order
   * they were put back: one is brought back each time one of its merchant's tries ends, so each message
   * is put back and brought back about once, and a merchant whose tries hang costs no write until its
   * messages' later instant (D108-b3). Holds only instants still to come.
   */
  private readonly putBack = new Map<MerchantId, Map<SessionId, PutBack>>();
  /** Messages brought back so far, by any run: a run goes round again when its pass's tries brought some back. */
  private broughtBack = 0;
  /** Set by stop(): no claim is made any more; the tries in flight end as usual. */
  private stopping = false;

  constructor(private readonly deps: SessionEndedWorkerDeps) {
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.batchSize = deps.batchSize ?? 50;
    this.capBackoffMs = deps.capBackoffMs ?? 10_000;
    this.slots = new TurnSlots(deps.concurrency);
    this.destinations = new DestinationSlots(deps.perMerchant ?? DEFAULT_TRIES_PER_MERCHANT);
    this.heartbeat = new LeaseHeartbeat(deps.timer);
  }

  /** Tries running now, in all and for each merchant with one running. */
  inUse(): { readonly total: number; readonly byMerchant: ReadonlyMap<MerchantId, number> } {
    return { total: this.destinations.total(), byMerchant: this.destinations.snapshot() };
  }

  /** Tries running now: /metrics' worker_slots_in_use. */
  slotsInUse(): number {
    return this.destinations.total();
  }

  /**
   * Tries what is due now (up to the batch size); answers how many sessions it claimed. A message of a
   * merchant at its cap is put back (capBackoffMs) rather than skipped, so no claim ever walks past a
   * busy merchant's backlog; each try that ends brings back one of its merchant's messages put back
   * (D108-b3). A run whose tries brought some back goes round again, so one run still sends every
   * message due (a busy merchant's, a few at a time); a crash leaves them due at the later instant only.
   */
  async runOnce(): Promise<number> {
    let claimed = 0;
    while (!this.stopping && claimed < this.batchSize) {
      const before = this.broughtBack;
      const pass = await this.pass(this.batchSize - claimed);
      claimed += pass;
      // A pass that claimed nothing met only merchants whose slots another run holds: their tries bring them on.
      if (pass === 0 || this.broughtBack === before) break;
    }
    return claimed;
  }

  /**
   * A try of `merchantId` ended, so one of its slots is free: brings back its earliest message put
   * back, if any, due now. One whose instant has passed is due anyway (or was taken by another
   * instance) and is forgotten.
   */
  private async bringBackOne(merchantId: MerchantId): Promise<void> {
    const waiting = this.putBack.get(merchantId);
    if (!waiting) return;
    const now = this.deps.clock.now();
    for (const message of waiting.values()) {
      waiting.delete(message.id);
      if (message.until <= now) continue;
      if (waiting.size === 0) this.putBack.delete(merchantId);
      this.broughtBack++;
      // A store fault leaves it due at its later instant: late, never lost.
      await this.deps.sessions.recallNotification(message.id, message.until, now).catch((error: unknown) =>
        this.deps.logger.warn('worker.bring_back_failed', { worker: this.name, sessionId: message.id, error }),
      );
      return;
    }
    this.putBack.delete(merchantId);
  }

  private putBackUntil(message: PutBack): void {
    const waiting = this.putBack.get(message.merchantId) ?? new Map<SessionId, PutBack>();
    // Moved to the end: put back again, it waits behind the others.
    waiting.delete(message.id);
    waiting.set(message.id, message);
    this.putBack.set(message.merchantId, waiting);
  }

  private pass(batchSize: number): Promise<number> {
    const { sessions, owner, logger } = this.deps;
    return runClaimedTurns<Session>(
      {
        claim: () => this.claim(),
        keyOf: (session) => session.id,
        release: async (session) => {
          this.destinations.give(session.merchantId);
          await sessions.releaseLease(session.id, owner);
        },
        turn: async (session) => {
          try {
            await this.heartbeat.run(this.renewalOf(session), (heartbeat) => this.work(session, heartbeat));
          } finally {
            this.destinations.give(session.merchantId);
            if (!this.stopping) await this.bringBackOne(session.merchantId);
          }
        },
        // A store fault keeps the lease until it lapses: the message is tried again then (a back-off).
        failed: (session, error) => logger.error('session_ended_worker.work_failed', { sessionId: session.id, error }),
      },
      { batchSize, slots: this.slots },
    );
  }

  /** Graceful stop: no claim from now on, in this run or any later one; the tries in flight end and record their outcome. */
  stop(): void {
    this.stopping = true;
  }

  /** The next due message of a merchant below its cap, the ones met of merchants at their cap put back. */
  private claim(): Promise<Session | null> {
    const next = this.claiming.then(async () => {
      const { sessions, clock, owner } = this.deps;
      // Ends: each message put back is due no more, so a busy merchant's backlog is met once.
      while (!this.stopping) {
        const session = await sessions.claimNotificationDue(clock.now(), owner, this.leaseMs);
        if (!session) return null;
        if (!this.destinations.isFull(session.merchantId)) {
          this.destinations.take(session.merchantId);
          return session;
        }
        const until = clock.now() + this.capBackoffMs;
        await sessions.postponeNotification(session.id, owner, until);
        this.putBackUntil({ id: session.id, merchantId: session.merchantId, until });
      }
      return null;
    });
    this.claiming = next.catch(() => undefined);
    return next;
  }

  private renewalOf(session: Session): LeaseRenewal {
    const { sessions, clock, owner, logger } = this.deps;
    return workerLeaseRenewal({ name: this.name, logger, leaseMs: this.leaseMs }, { sessionId: session.id }, () =>
      sessions.renewLease(session.id, owner, clock.now(), this.leaseMs),
    );
  }

  private async work(claimed: Session, heartbeat: Heartbeat): Promise<void> {
    const { writer, sessions, owner } = this.deps;
    const record = await this.deps.delivery.deliverDue(claimed);
    // Nothing owed now, yet claimed: its stored instant is stale (left by a writer that does not know
    // it, e.g. an older instance). Restamped, or every run would claim it again first (D108-c).
    const command: SessionCommand<unknown> = record ?? ((session) => ({ session: writer.isStampStale(session) ? { ...session } : session, result: undefined }));
    // Renewed until the write lands: a store that stalls a whole lease must not hand the session to
    // another instance, which would try the message again.
    await heartbeat.releasingWith(async () => {
      const written = await writer.update(claimed.id, command, { leaseOwner: owner, initial: claimed });
      if (!written.changed) await sessions.releaseLease(claimed.id, owner);
    });
  }
}
