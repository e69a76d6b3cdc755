import type { Attempt } from '../attempt/attempt.model';
import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import type { DomainContext, DomainPolicy } from './domain-context';
import type { Session } from './session.model';
import { offerOf } from './session-edit';

/**
 * When a pending verdict is looked up next once nothing schedules it more closely: after
 * `verdictOverdueMs`, or after as long as the operation has already waited if that is longer.
 */
export function backedOffLookup(attempt: Attempt, ctx: DomainContext): number {
  return ctx.now + Math.max(ctx.policy.verdictOverdueMs, ctx.now - openingTransaction(attempt).createdAt);
}

/** No lookup of a financing file after this instant: `lenderLookupAfterEndMs` past the session's ending. */
function lookupDeadline(session: Session, attempt: Attempt, policy: DomainPolicy): number | undefined {
  if (session.endedAt === undefined || !offerOf(session, attempt).capabilities.financing) return undefined;
  return session.endedAt + policy.lenderLookupAfterEndMs;
}

const STOPPED_NOTE = 'No verdict came: the service stopped looking it up; only a verdict the PSP still sends is taken (a grant it never sends is for the operator to hand back)';

/**
 * Schedules the next lookup of a verdict still pending, backing off. A financing file on a session
 * that ended is not looked up beyond the deadline (the backed-off lookup is brought back to it); at
 * the deadline the lookups stop: `lookupsStoppedAt` is stamped and the opening operation says so.
 */
export function nextLateLookup(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  const next = backedOffLookup(attempt, ctx);
  const deadline = lookupDeadline(session, attempt, ctx.policy);
  if (deadline === undefined) return { ...attempt, verdictDueAt: next };
  if (ctx.now < deadline) return { ...attempt, verdictDueAt: Math.min(next, deadline) };
  const opening = openingTransaction(attempt);
  const noted = replaceTransaction(attempt, { ...opening, updatedAt: ctx.now, status: { ...opening.status, statusMessage: STOPPED_NOTE } }, ctx.now);
  const { verdictDueAt: _due, ...rest } = noted;
  return { ...rest, lookupsStoppedAt: ctx.now };
}

/**
 * Brings the next lookup of a pending verdict forward to `verdictOverdueMs` from now: something
 * happened that makes a verdict likely (a cancel the PSP refused). A later lookup still to come that
 * is due sooner stays; one already due is not counted (it may be under way in this very turn, its
 * answer given before this news: recordLookupOutcome keeps the prompt one). Not beyond the deadline
 * of a financing file whose session ended; none once that deadline passed.
 */
export function promptLookup(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  const deadline = lookupDeadline(session, attempt, ctx.policy);
  if (deadline !== undefined && ctx.now >= deadline) return attempt;
  const prompt = Math.min(ctx.now + ctx.policy.verdictOverdueMs, deadline ?? Number.MAX_SAFE_INTEGER);
  const due = attempt.verdictDueAt !== undefined && attempt.verdictDueAt > ctx.now ? Math.min(attempt.verdictDueAt, prompt) : prompt;
  return due === attempt.verdictDueAt ? attempt : { ...attempt, verdictDueAt: due };
}

/** An operation whose lookups a write stopped: for the operator's warning. */
export interface StoppedLookup {
  readonly attemptId: Attempt['id'];
  readonly transactionId: string;
  readonly provider: string;
  readonly method: Attempt['method'];
}

/** The attempts whose lookups stopped between `before` and `after` (each reported once: the write that stopped them). */
export function lookupsStoppedSince(before: Session, after: Session): StoppedLookup[] {
  return after.attempts
    .filter((a) => a.lookupsStoppedAt !== undefined && before.attempts.find((b) => b.id === a.id)?.lookupsStoppedAt === undefined)
    .map((a) => ({ attemptId: a.id, transactionId: openingTransaction(a).id, provider: a.provider, method: a.method }));
}
