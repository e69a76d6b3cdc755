import { openingTransaction } from '../attempt/attempt-operations';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { Money } from '../money/money';
import type { OperationRef, PspFact } from '../psp/psp-fact';
import { applyFacts } from './apply-fact';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { findAttempt, replaceAttempt } from './session-edit';

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

/**
 * Records a status lookup: its facts are applied (the looked-up status is authoritative), and when
 * the verdict is still due the next lookup is scheduled with a doubling back-off: after
 * `policy.verdictOverdueMs`, or after as long as the operation has already waited if that is longer
 * (a PSP that never answers costs a handful of lookups a day, not one a minute).
 */
export function recordLookupOutcome(
  session: Session,
  attemptId: string,
  outcome: { readonly facts: readonly PspFact[] },
  ctx: DomainContext,
): Session {
  const applied = applyFacts(session, outcome.facts, ctx);
  const attempt = findAttempt(applied, attemptId);
  if (!attempt || attempt.verdictDueAt === undefined || openingTransaction(attempt).status.kind !== 'pending') return applied;
  const waited = ctx.now - openingTransaction(attempt).createdAt;
  return replaceAttempt(applied, { ...attempt, verdictDueAt: ctx.now + Math.max(ctx.policy.verdictOverdueMs, waited) });
}
