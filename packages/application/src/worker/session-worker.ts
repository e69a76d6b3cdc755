import {
  expireIfDue,
  followUpLookupsDue,
  followUpLookupsStoppedSince,
  markVerdictsOverdue,
  operationsOwedSince,
  overdueAuthorizations,
  owedOperations,
  refuseAwaitingIfDue,
  type Clock,
  type DomainContext,
  type OwedOperation,
  type Session,
  type SessionRepository,
} from '@splitpay/domain';
import { reportVerdictsOverdue } from './verdict-overdue.alert';
import type { GivenUpOperation, OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import type { PspGateway, SessionGateway } from '../psp/psp-gateway';
import type { VerdictLookup } from '../psp/verdict-lookup';
import type { SessionCommand, SessionWriter } from '../session-writer';
import { runClaimedTurns, TurnSlots } from './claimed-turns';
import { LeaseHeartbeat, workerLeaseRenewal, type Heartbeat, type LeaseRenewal } from './lease-heartbeat';
import type { LeasedWorkerOptions } from './leased-worker-options';

/** batchSize: sessions per run, default 100. */
export interface SessionWorkerDeps extends LeasedWorkerOptions {
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  readonly dispatcher: OwedOperationDispatcher;
  readonly lookup: VerdictLookup;
  /** One gateway per turn: the merchant account is read once for the sends and the lookups. */
  readonly gateway: Pick<PspGateway, 'forSession'>;
  readonly clock: Clock;
}

/**
 * The session worker: claims sessions whose background work is due (a lease, so that one instance
 * among several does it) and, for each, in one turn: expiry and the lender wait bound, the owed
 * captures, voids and refunds (sent through their drivers, retried on the policy's schedule, given up
 * with an operator alert), status lookups of overdue authorization verdicts and of captures, voids
 * and refunds the PSP took without their verdict (D89) and the alert on a verdict overdue at its PSP
 * that nothing of ours looks up (D104). The session-ended message is not sent here
 * but by its own worker (SessionEndedWorker), so a merchant endpoint that hangs holds no turn slot
 * (docs/decisions.md D108). The turn's result is saved with the lease owner (which releases the lease); a turn
 * that changed nothing only gives the lease back. A turn that fails keeps the lease until it lapses,
 * which spaces out the next try. Turns on different sessions run side by side (up to `concurrency`),
 * and each turn renews its lease while it runs (docs/decisions.md D82).
 */
export class SessionWorker {
  readonly name = 'session-worker';
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly slots: TurnSlots;
  private readonly heartbeat: LeaseHeartbeat;
  /** Set by stop(): no claim is made any more; the turns in flight end as usual. */
  private stopping = false;

  constructor(private readonly deps: SessionWorkerDeps) {
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.batchSize = deps.batchSize ?? 100;
    this.slots = new TurnSlots(deps.concurrency);
    this.heartbeat = new LeaseHeartbeat(deps.timer);
  }

  /** Handles every session due now (up to the batch size); returns how many were claimed. */
  runOnce(): Promise<number> {
    const { sessions, clock, owner, logger } = this.deps;
    return runClaimedTurns<Session>(
      {
        claim: async () => (this.stopping ? null : sessions.claimDue(clock.now(), owner, this.leaseMs)),
        keyOf: (session) => session.id,
        release: (session) => sessions.releaseLease(session.id, owner),
        turn: (session) => this.heartbeat.run(this.renewalOf(session), (heartbeat) => this.turn(session, heartbeat)),
        failed: (session, error) => logger.error('session_worker.turn_failed', { sessionId: session.id, error }),
      },
      { batchSize: this.batchSize, slots: this.slots },
    );
  }

  /**
   * Graceful stop: no claim from now on, in this run or any later one; the turns in flight end and
   * save their outcome (which releases their leases). What is left stays due for any instance.
   */
  stop(): void {
    this.stopping = true;
  }

  private renewalOf(session: Session): LeaseRenewal {
    const { sessions, clock, owner, logger } = this.deps;
    return workerLeaseRenewal({ name: this.name, logger, leaseMs: this.leaseMs }, { sessionId: session.id }, () =>
      sessions.renewLease(session.id, owner, clock.now(), this.leaseMs),
    );
  }

  /**
   * Expiry and the lender wait bound. A session stored before the session-ended message had its own
   * instant is written again as it is, so that its stamps move that calendar out of dueAt (it would
   * otherwise be claimed again and again for nothing).
   */
  private timeouts(session: Session, ctx: DomainContext): Session {
    const timed = refuseAwaitingIfDue(expireIfDue(session, ctx), ctx);
    return timed === session && this.deps.writer.isStampStale(session) ? { ...session } : timed;
  }

  private async turn(claimed: Session, heartbeat: Heartbeat): Promise<void> {
    // Timeouts are saved first: the voids they owe get their ids (the PSP idempotency keys) once.
    const timed = await this.deps.writer.update(claimed.id, (s, c) => ({ session: this.timeouts(s, c), result: undefined }), { initial: claimed });
    const current = timed.session;
    const now = this.deps.clock.now();
    const psps = this.deps.gateway.forSession(current);
    // The retries that fell due, and what the timeouts just owed (their first send is this turn's).
    const fellDue = owedOperations(current, now);
    const due = new Set(fellDue.map((op) => op.transactionId));
    const ownFirstSends = new Set(operationsOwedSince(timed.previous, current).map((op) => op.transactionId));
    for (const id of ownFirstSends) due.add(id);
    // Fallen due without any send recorded: the writer that owed it died or stalled, maybe after its call (D134).
    const resumed = new Set(fellDue.filter((op) => op.tries === 0 && !ownFirstSends.has(op.transactionId)).map((op) => op.transactionId));
    // An operation whose first send (or a retry) is still in flight in this process is its sender's.
    const owed = this.deps.dispatcher.claim(owedOperations(current, Number.MAX_SAFE_INTEGER).filter((op) => due.has(op.transactionId)), current);
    try {
      await this.sendAndSave(claimed, current, owed, psps, now, heartbeat, resumed);
    } finally {
      this.deps.dispatcher.release(owed);
    }
  }

  private async sendAndSave(
    claimed: Session,
    current: Session,
    owed: readonly OwedOperation[],
    psps: SessionGateway,
    now: number,
    heartbeat: Heartbeat,
    resumed: ReadonlySet<string>,
  ): Promise<void> {
    const sent = await this.deps.dispatcher.send(current, owed, psps, resumed);
    const looked = await this.deps.lookup.lookUp(current, overdueAuthorizations(current, now), psps);
    const followUps = await this.deps.lookup.lookUpFollowUps(current, followUpLookupsDue(current, now), psps);

    const recordSent = this.deps.dispatcher.recordCommand(sent);
    const recordLookups = this.deps.lookup.command(looked, followUps);
    const turn: SessionCommand<GivenUpOperation[]> = (session, ctx) => {
      const afterSent = recordSent(session, ctx);
      // After the lookups: a verdict they brought is not overdue (D104).
      return { session: markVerdictsOverdue(recordLookups(afterSent.session, ctx).session, ctx), result: afterSent.result };
    };

    // The lease is renewed until the leased write (or the release of a turn that changed nothing) lands;
    // the first sends below run unleased, as before.
    const written = await heartbeat.releasingWith(async () => {
      const result = await this.deps.writer.update(claimed.id, turn, { leaseOwner: this.deps.owner, initial: current });
      if (!result.changed) await this.deps.sessions.releaseLease(claimed.id, this.deps.owner);
      return result;
    });
    this.deps.dispatcher.settle(owed, written.session);
    const { changed, result: givenUp } = written;
    this.deps.dispatcher.reportGivenUp(written.session, givenUp);
    if (changed) {
      reportVerdictsOverdue(this.deps.logger, written.previous, written.session);
      this.deps.lookup.reportStopped(written.previous, written.session);
      this.deps.dispatcher.reportLookupsStopped(written.session, followUpLookupsStoppedSince(written.previous, written.session));
    }
    // A verdict looked up this turn may owe a capture or a void: its first send follows at once.
    const saved = changed ? await this.deps.dispatcher.dispatchOwedBy([written], psps) : written.session;
    if (saved.status !== claimed.status) {
      this.deps.logger.info('session.status_changed', { sessionId: saved.id, from: claimed.status, to: saved.status });
    }
  }
}
