import {
  DomainError,
  nextNotificationAt,
  timeFirstSends,
  type Clock,
  type DomainContext,
  type DomainPolicy,
  type IdGenerator,
  type Session,
  type SessionId,
  type SessionRepository,
} from '@splitpay/domain';

/** Computes the `dueAt` to store with a session (the domain's `nextDueAt`). */
export type DueAtFn = (session: Session, policy: DomainPolicy) => number | undefined;

export interface SessionWriterDeps {
  readonly sessions: SessionRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly policy: DomainPolicy;
  readonly nextDueAt: DueAtFn;
}

/** A pure command over a session; it may also hand back a result of its own. */
export type SessionCommand<R> = (session: Session, ctx: DomainContext) => { session: Session; result: R };

/** What `SessionWriter.update` did. */
export interface WriterResult<R> {
  /** The session as stored now. */
  readonly session: Session;
  readonly result: R;
  readonly changed: boolean;
  /**
   * The stored session the saved command was applied to (after any conflict, the one read again):
   * what this write added is the difference, e.g. the operations it owes (`operationsOwedSince`).
   */
  readonly previous: Session;
}

const MAX_CONFLICT_RETRIES = 20;

/**
 * The one path by which use cases change a session: read, apply a pure command, save with an
 * optimistic version check, and on a conflict read again and re-apply. Stamps version, updatedAt
 * and dueAt, so no use case can forget them.
 */
export class SessionWriter {
  constructor(private readonly deps: SessionWriterDeps) {}

  context(): DomainContext {
    return { now: this.deps.clock.now(), newId: () => this.deps.ids.newId(), policy: this.deps.policy };
  }

  /** Prepares a session value for storage: version bumped, updatedAt, dueAt and notificationDueAt stamped, the first sends it owes timed. */
  stamp(previous: Session, next: Session, now: number): Session {
    const stamped: Session = { ...timeFirstSends(previous, next, now, this.deps.policy), version: previous.version + 1, updatedAt: now };
    const dueAt = this.deps.nextDueAt(stamped, this.deps.policy);
    const notificationDueAt = nextNotificationAt(stamped);
    const { dueAt: _old, notificationDueAt: _oldNotification, ...rest } = stamped;
    return { ...rest, ...(dueAt === undefined ? {} : { dueAt }), ...(notificationDueAt === undefined ? {} : { notificationDueAt }) };
  }

  /**
   * Whether the stored instants of `session` are not the ones a write would stamp now: a session
   * stored before the session-ended message had its own instant (its webhook calendar still in dueAt).
   */
  isStampStale(session: Session): boolean {
    return session.dueAt !== this.deps.nextDueAt(session, this.deps.policy) || session.notificationDueAt !== nextNotificationAt(session);
  }

  /**
   * Applies `command` to the stored session `id` until it is saved without conflict. When the command
   * returns the same session object (nothing changed), nothing is written. `load` failures and
   * command refusals (DomainError) propagate untouched.
   */
  async update<R>(
    id: SessionId,
    command: SessionCommand<R>,
    options: { readonly leaseOwner?: string; readonly initial?: Session } = {},
  ): Promise<WriterResult<R>> {
    let current: Session | null | undefined = options.initial;
    for (let attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
      current ??= await this.deps.sessions.findById(id);
      if (!current) throw new DomainError('NotFound', 'Session not found');
      const ctx = this.context();
      const { session: next, result } = command(current, ctx);
      if (next === current) return { session: current, result, changed: false, previous: current };
      const stamped = this.stamp(current, next, ctx.now);
      const saved = await this.deps.sessions.save(stamped, {
        expectedVersion: current.version,
        ...(options.leaseOwner ? { leaseOwner: options.leaseOwner } : {}),
      });
      if (saved === 'saved') return { session: stamped, result, changed: true, previous: current };
      current = undefined;
    }
    throw new Error(`Session ${id}: too many concurrent writes, gave up after ${MAX_CONFLICT_RETRIES} tries`);
  }
}
