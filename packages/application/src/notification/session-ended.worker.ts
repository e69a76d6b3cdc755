import type { Logger, MerchantId, Session, SessionRepository, Timer } from '@splitpay/domain';
import type { SessionWriter } from '../session-writer';
import { runClaimedTurns, TurnSlots } from '../worker/claimed-turns';
import { LeaseHeartbeat, type Heartbeat, type LeaseRenewal } from '../worker/lease-heartbeat';
import { DestinationSlots } from './destination-slots';
import type { SessionEndedDelivery } from './session-ended.delivery';

export interface SessionEndedWorkerDeps {
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  readonly delivery: Pick<SessionEndedDelivery, 'deliverDue'>;
  readonly clock: { now(): number };
  /** Paces the lease renewals of a running delivery try (real time, not the clock). */
  readonly timer: Timer;
  readonly logger: Logger;
  /** Names this instance's leases. */
  readonly owner: string;
  /** How long a claim holds without renewal; renewed every third of it while a try runs. Default 60 s. */
  readonly leaseMs?: number;
  /** Sessions handled per run at most. Default 50. */
  readonly batchSize?: number;
  /** Delivery tries running at once at most in this instance, across its runs. Default 8. */
  readonly concurrency?: number;
  /** Tries running at once at most for one merchant, so that its endpoint never takes every slot. Default 2. */
  readonly perMerchant?: number;
}

/** Tries in flight per merchant by default: one endpoint that hangs holds two slots, never all of them. */
export const DEFAULT_TRIES_PER_MERCHANT = 2;

/**
 * Sends owed session-ended messages on their calendar, outside the session worker's turns (an
 * outbox worker, as the chargeback worker): claims a session whose message is due
 * (`notificationDueAt`) under the session's own lease, so a session turn and a try never overlap and
 * no two instances try the same message, makes one try and records its outcome with the lease (which
 * the write releases). Its own slots, and at most `perMerchant` of them for one merchant: a merchant
 * whose endpoint hangs holds back neither the session turns nor the other merchants' messages
 * (docs/decisions.md D106). A crash mid-try leaves the lease to lapse: the message is tried again with
 * the same webhook-id (at least once).
 */
export class SessionEndedWorker {
  readonly name = 'session-ended';
  private readonly leaseMs: number;
  private readonly slots: TurnSlots;
  private readonly destinations: DestinationSlots<MerchantId>;
  private readonly heartbeat: LeaseHeartbeat;
  /** Claims are made one at a time, so the merchants at their cap are known when each is made. */
  private claiming: Promise<unknown> = Promise.resolve();
  /** Whether a claim of the current pass skipped a merchant at its cap. */
  private capped = false;

  constructor(private readonly deps: SessionEndedWorkerDeps) {
    this.leaseMs = deps.leaseMs ?? 60_000;
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
   * Tries what is due now (up to the batch size); answers how many sessions it claimed. A pass that
   * met a merchant at its cap is followed by another once its tries ended, so a run still sends
   * every message due then (a busy merchant's, a few at a time).
   */
  async runOnce(): Promise<number> {
    const batchSize = this.deps.batchSize ?? 50;
    let claimed = 0;
    for (;;) {
      this.capped = false;
      const pass = await this.pass(batchSize - claimed);
      claimed += pass;
      if (!this.capped || pass === 0 || claimed >= batchSize) return claimed;
    }
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
          }
        },
        // A store fault keeps the lease until it lapses: the message is tried again then (a back-off).
        failed: (session, error) => logger.error('session_ended_worker.work_failed', { sessionId: session.id, error }),
      },
      { batchSize, slots: this.slots },
    );
  }

  private claim(): Promise<Session | null> {
    const next = this.claiming.then(async () => {
      const { sessions, clock, owner } = this.deps;
      const full = this.destinations.full();
      const session = await sessions.claimNotificationDue(clock.now(), owner, this.leaseMs, full);
      if (session) this.destinations.take(session.merchantId);
      else if (full.length > 0) this.capped = true;
      return session;
    });
    this.claiming = next.catch(() => undefined);
    return next;
  }

  private renewalOf(session: Session): LeaseRenewal {
    const { sessions, clock, owner, logger } = this.deps;
    return {
      renew: () => sessions.renewLease(session.id, owner, clock.now(), this.leaseMs),
      everyMs: this.leaseMs / 3,
      lost: () => logger.warn('worker.lease_lost', { worker: this.name, sessionId: session.id }),
      failed: (error) => logger.warn('worker.lease_renewal_failed', { worker: this.name, sessionId: session.id, error }),
    };
  }

  private async work(claimed: Session, heartbeat: Heartbeat): Promise<void> {
    const { writer, sessions, owner } = this.deps;
    const record = await this.deps.delivery.deliverDue(claimed);
    // Renewed until the write lands: a store that stalls a whole lease must not hand the session to
    // another instance, which would try the message again.
    await heartbeat.releasingWith(async () => {
      const written = record ? await writer.update(claimed.id, record, { leaseOwner: owner, initial: claimed }) : undefined;
      if (!written?.changed) await sessions.releaseLease(claimed.id, owner);
    });
  }
}
