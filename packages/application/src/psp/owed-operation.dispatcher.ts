import {
  operationsOwedSince,
  owedOperations,
  recordDispatch,
  type DispatchOutcome,
  type DomainContext,
  type Logger,
  type Metrics,
  type OwedOperation,
  type Session,
  type StoppedFollowUpLookup,
  type TransactionId,
} from '@splitpay/domain';
import type { SessionCommand, SessionWriter, WriterResult } from '../session-writer';
import { transactionHit } from '../transaction-hit';
import { withoutForeignGrants } from './grant-currency';
import type { PspGateway, SessionGateway } from './psp-gateway';

export interface OwedOperationDispatcherDeps {
  readonly gateway: PspGateway;
  readonly writer: SessionWriter;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** A write as `SessionWriter.update` reports it: the session it was applied to, and the session saved. */
export type Write = Pick<WriterResult<unknown>, 'previous' | 'session'>;

/** One owed operation as sent, with what its driver answered. */
export interface SentOperation {
  readonly op: OwedOperation;
  readonly outcome: DispatchOutcome;
}

/** An operation whose retries are spent: the service stopped trying and recorded a failure. */
export interface GivenUpOperation {
  readonly transactionId: string;
  readonly type: OwedOperation['type'];
  readonly provider: string;
}

const NONE: ReadonlySet<string> = new Set();

/** Operations whose last recorded ack a dispatcher remembers (a few seconds of a busy instance's sends). */
const RECORDED_KEPT = 4_096;

/** The metric an operator alerts on when a capture, void or refund was given up. */
export const OPERATION_GIVEN_UP_METRIC = 'psp_operation_given_up_total';

/**
 * Sends owed captures, voids and refunds through their drivers, with our transaction id as the PSP
 * idempotency key, and records each ack (`recordDispatch`: retry schedule, given up when the retries
 * are spent). Used right after a write that owes operations (only those it created), by the session
 * worker for the retries that fell due, and by the refund doors (RefundSender).
 */
export class OwedOperationDispatcher {
  /**
   * Operations (by transaction id, the PSP idempotency key) being sent by this process, from before the
   * driver call until its ack is saved: no other sender of this process sends them meanwhile.
   */
  private readonly inFlight = new Set<string>();
  /**
   * The session version at which this process last recorded each operation's ack (the newest
   * RECORDED_KEPT operations): a sender holding a read of the session older than that record is late
   * (a write that owed a capture, overtaken under load by the worker that sent and recorded it) and
   * must not send it again. A retry reads the session as recorded, so it is not held back.
   */
  private readonly recorded = new Map<string, number>();
  /** Sends started by `dispatchOwedLater` and not yet ended. */
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly deps: OwedOperationDispatcherDeps) {}

  /**
   * Claims the operations of `ops` (owed in `asOf`, the caller's read of the session) that no sender of
   * this process is sending now, nor recorded since that read (the others are their sender's, whose
   * ack decides whether a retry is owed); answers those claimed. Every claim is given back with
   * `release` once its ack is saved (`settle`) or the send given up.
   */
  claim(ops: readonly OwedOperation[], asOf: Pick<Session, 'version'>): OwedOperation[] {
    const claimed = ops.filter((op) => !this.inFlight.has(op.transactionId) && (this.recorded.get(op.transactionId) ?? 0) <= asOf.version);
    for (const op of claimed) this.inFlight.add(op.transactionId);
    return claimed;
  }

  /** Notes that the acks of `ops` were saved in `saved`: a read older than it is too old to send them. */
  settle(ops: readonly OwedOperation[], saved: Pick<Session, 'version'>): void {
    for (const op of ops) {
      this.recorded.delete(op.transactionId);
      this.recorded.set(op.transactionId, saved.version);
    }
    for (const oldest of this.recorded.keys()) {
      if (this.recorded.size <= RECORDED_KEPT) break;
      this.recorded.delete(oldest);
    }
  }

  release(ops: readonly OwedOperation[]): void {
    for (const op of ops) this.inFlight.delete(op.transactionId);
  }

  /**
   * Calls the drivers; never throws: a driver fault or a missing driver is an `unknown` ack (retried).
   * `psps`: the caller's gateway for this session, when it already has one (one account read per turn).
   * `resumed`: operations whose first sender left no ack (the worker's finding): a send of theirs may
   * have reached the PSP, so their driver is told one was made (`tries` at least 1, D134).
   */
  async send(session: Session, ops: readonly OwedOperation[], psps = this.deps.gateway.forSession(session), resumed: ReadonlySet<string> = NONE): Promise<SentOperation[]> {
    const sent: SentOperation[] = [];
    for (const op of ops) sent.push({ op, outcome: await this.sendOne(session, psps, op, resumed.has(op.transactionId)) });
    return sent;
  }

  /** The pure command recording sent operations; its result names the operations given up. */
  recordCommand(sent: readonly SentOperation[]): SessionCommand<GivenUpOperation[]> {
    return (session: Session, ctx: DomainContext) => {
      let next = session;
      const givenUp: GivenUpOperation[] = [];
      for (const { op, outcome } of sent) {
        const before = dispatchState(next, op.transactionId);
        next = recordDispatch(next, op.transactionId, outcome, ctx);
        if (before === 'owed' && dispatchState(next, op.transactionId) === 'given-up') {
          givenUp.push({ transactionId: op.transactionId, type: op.type, provider: op.provider });
        }
      }
      return { session: next, result: givenUp };
    };
  }

  /** Operator alert for operations whose retries are spent: an error line and a counter. */
  reportGivenUp(session: Session, givenUp: readonly GivenUpOperation[]): void {
    for (const op of givenUp) {
      this.deps.logger.error('psp.operation_given_up', {
        sessionId: session.id,
        merchantId: session.merchantId,
        transactionId: op.transactionId,
        type: op.type,
        provider: op.provider,
      });
      this.deps.metrics.increment(OPERATION_GIVEN_UP_METRIC, { type: op.type, provider: op.provider });
    }
  }

  /**
   * The same alert for operations the PSP took without a verdict that none of their lookups found:
   * the service stopped looking, the operation stays pending (its verdict is the operator's to find).
   */
  reportLookupsStopped(session: Session, stopped: readonly StoppedFollowUpLookup[]): void {
    for (const op of stopped) {
      this.deps.logger.error('psp.operation_verdict_given_up', {
        sessionId: session.id,
        merchantId: session.merchantId,
        transactionId: op.transactionId,
        type: op.type,
        provider: op.provider,
        lookups: op.tries,
      });
      this.deps.metrics.increment(OPERATION_GIVEN_UP_METRIC, { type: op.type, provider: op.provider });
    }
  }

  /**
   * After one or more writes of a request (oldest first): sends the operations those writes created
   * and that are still owed, and records their acks; returns the session as saved. Operations owed
   * before them belong to the writes that created them, then to the worker (their retries, under its
   * lease): no operation is sent twice.
   */
  async dispatchOwedBy(writes: readonly Write[], psps?: SessionGateway): Promise<Session> {
    const latest = writes[writes.length - 1];
    if (!latest) throw new Error('dispatchOwedBy needs at least one write');
    const created = new Set<string>();
    for (const write of writes) for (const op of operationsOwedSince(write.previous, write.session)) created.add(op.transactionId);
    const ops = owedOperations(latest.session, Number.MAX_SAFE_INTEGER).filter((op) => created.has(op.transactionId));
    return this.sendAndRecord(latest.session, ops, psps);
  }

  /**
   * `dispatchOwedBy` without waiting for it: for a caller that must answer before a PSP call may end
   * (a PSP waits about 10 s for its notification's reply; a capture may take PSP_TIMEOUT_MS). The
   * same claim keeps this process's other senders off these operations, their due time the other
   * instances' workers (D90); a failure is logged, never thrown, and the worker retries when due.
   */
  dispatchOwedLater(writes: readonly Write[]): void {
    const sessionId = writes[writes.length - 1]?.session.id;
    const run = this.dispatchOwedBy(writes).then(
      () => undefined,
      (error: unknown) => this.deps.logger.error('psp.owed_dispatch_failed', { sessionId, error }),
    );
    this.background.add(run);
    void run.finally(() => this.background.delete(run));
  }

  /** Resolves once every send started by `dispatchOwedLater` has ended (a graceful stop waits for it). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  /** RefundSender: sends the named owed operations now and records their acks. */
  async sendNow(session: Session, transactionIds: readonly TransactionId[]): Promise<Session> {
    const wanted = new Set<string>(transactionIds);
    const ops = owedOperations(session, Number.MAX_SAFE_INTEGER).filter((op) => wanted.has(op.transactionId));
    return this.sendAndRecord(session, ops);
  }

  private async sendAndRecord(session: Session, owed: readonly OwedOperation[], psps?: SessionGateway): Promise<Session> {
    const ops = this.claim(owed, session);
    if (ops.length === 0) return session;
    let written: WriterResult<GivenUpOperation[]>;
    try {
      const sent = await this.send(session, ops, psps);
      written = await this.deps.writer.update(session.id, this.recordCommand(sent), { initial: session });
      this.settle(ops, written.session);
    } finally {
      this.release(ops);
    }
    this.reportGivenUp(written.session, written.result);
    // An ack may owe more (a refused capture hands its hold back with a void): sent at once too.
    return written.changed ? this.dispatchOwedBy([written], psps) : written.session;
  }

  private async sendOne(session: Session, psps: SessionGateway, op: OwedOperation, resumed: boolean): Promise<DispatchOutcome> {
    const fields = { sessionId: session.id, transactionId: op.transactionId, type: op.type, provider: op.provider };
    const attempt = session.attempts.find((a) => a.id === op.attemptId);
    const resolved = attempt ? await psps.resolve(attempt, op.transactionId) : undefined;
    if (!resolved) {
      this.deps.logger.error('psp.driver_missing', { ...fields, method: op.method });
      return { ack: { outcome: 'unknown', message: `No driver is registered for ${op.provider}/${op.method}` }, facts: [] };
    }
    // The driver is told the sends the PSP may have acted on (D134, D154), not the retry count.
    const tries = resumed ? Math.max(op.mayHaveActed, 1) : op.mayHaveActed;
    const input = { ...resolved.call, amount: op.amount, target: op.target, opening: op.opening, tries, ...(op.wholeRemainder ? { wholeRemainder: true } : {}) };
    try {
      const output = await resolved.driver[op.type](input);
      this.deps.logger.info('psp.operation_sent', { ...fields, ack: output.ack.outcome, httpStatus: output.ack.httpStatus });
      return { ...output, facts: withoutForeignGrants(session, output.facts, { provider: op.provider, source: 'operation', attemptId: op.attemptId }, this.deps.logger) };
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, error });
      return { ack: { outcome: 'unknown', message: 'The driver call failed before any usable answer' }, facts: [] };
    }
  }
}

function dispatchState(session: Session, transactionId: TransactionId): string | undefined {
  return transactionHit(session, transactionId)?.transaction.dispatch?.state;
}
