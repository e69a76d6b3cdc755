import { openingTransaction } from '../attempt/attempt-operations';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { Money } from '../money/money';
import type { OperationRef, PspFact } from '../psp/psp-fact';
import { applyFacts } from './apply-fact';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { nextLateLookup } from './late-lookups';
import { isLookedUpStudy, recordStudyLookup } from './lender-lookups';
import { findAttempt, replaceAttempt } from './session-edit';
import { acceptsVerdicts } from './session.state';

/** An authorization (or direct payment) whose verdict is overdue: to look up at the PSP. */
export interface OverdueAuthorization {
  readonly attemptId: AttemptId;
  readonly transactionId: TransactionId;
  readonly amount: Money;
  readonly target: OperationRef;
  readonly methodId: string;
  readonly method: MethodKind;
  readonly provider: string;
}

/**
 * Opening operations still pending past their attempt's `verdictDueAt` (an attempt the payer
 * abandoned included: a late grant must still be handed back).
 */
export function overdueAuthorizations(session: Session, now: number): OverdueAuthorization[] {
  return session.attempts.flatMap((attempt) => {
    const opening = openingTransaction(attempt);
    if (attempt.verdictDueAt === undefined || attempt.verdictDueAt > now || opening.status.kind !== 'pending') return [];
    return [
      {
        attemptId: attempt.id,
        transactionId: opening.id,
        amount: opening.amount,
        target: { transactionId: opening.id, ...(opening.providerRef !== undefined ? { providerRef: opening.providerRef } : {}) },
        methodId: attempt.methodId,
        method: attempt.method,
        provider: attempt.provider,
      },
    ];
  });
}

/** What one status lookup learned. */
export interface LookupOutcome {
  readonly facts: readonly PspFact[];
  /** The PSP answered with the operation's status (an `accepted` ack); false when nothing was learned. */
  readonly answered: boolean;
}

/**
 * Records a status lookup: its facts are applied (the looked-up status is authoritative). When the
 * verdict is still due, the next lookup is scheduled: a studied file on an open session follows the
 * study's cadence and, at the wait bound, the last lookup decides (lender-lookups.ts); anything else
 * backs off, doubling (a PSP that never answers costs a handful of lookups a day, not one a minute),
 * and a financing file on a session that ended stops being looked up after `lenderLookupAfterEndMs`;
 * a lookup already brought forward in the same write (promptLookup) is kept. A lookup that began the
 * study (the PSP said the lender is studying) keeps the schedule it set.
 */
export function recordLookupOutcome(session: Session, attemptId: string, outcome: LookupOutcome, ctx: DomainContext): Session {
  const before = findAttempt(session, attemptId);
  const applied = applyFacts(session, outcome.facts, ctx);
  const attempt = findAttempt(applied, attemptId);
  if (!attempt || attempt.verdictDueAt === undefined || openingTransaction(attempt).status.kind !== 'pending') return applied;
  if (before?.lenderStudying !== true && attempt.lenderStudying === true) return applied;
  if (isLookedUpStudy(attempt) && acceptsVerdicts(applied.status)) return recordStudyLookup(applied, attemptId, outcome.answered, ctx);
  const late = nextLateLookup(applied, attempt, ctx);
  // A lookup the same write brought forward (a cancel refused while this one was under way) stays.
  const sooner = attempt.verdictDueAt > ctx.now && late.verdictDueAt !== undefined && attempt.verdictDueAt < late.verdictDueAt;
  return replaceAttempt(applied, sooner ? { ...late, verdictDueAt: attempt.verdictDueAt } : late);
}
