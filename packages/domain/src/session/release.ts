import type { Attempt } from '../attempt/attempt.model';
import { handBack, owedToPayerNote } from '../rules/owed-to-payer.rule';
import { owedFollowUp } from '../transaction/follow-up';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { mapAttempts, offerOf } from './session-edit';
import { assertUnreachable } from '../shared/brand';

/**
 * Hands an attempt's money back: marks it released (it no longer counts against the balance) and
 * owes the void or refund that does it, or records owedToPayer when nothing can. Returns the same
 * attempt when there is nothing to do.
 */
export function releaseAttempt(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  const offer = offerOf(session, attempt);
  const plan = handBack(attempt, offer);
  const marked: Attempt =
    attempt.releasedAt === undefined && (attempt.status === 'AUTHORIZED' || attempt.status === 'CAPTURED' || plan.kind !== 'nothing')
      ? { ...attempt, releasedAt: ctx.now, updatedAt: ctx.now }
      : attempt;
  switch (plan.kind) {
    case 'nothing':
    case 'wait':
      return marked;
    case 'void':
    case 'refund':
      return {
        ...marked,
        updatedAt: ctx.now,
        transactions: [...marked.transactions, owedFollowUp(plan.kind, plan.amount, ctx)],
      };
    case 'owed-to-payer':
      return marked.owedToPayer !== undefined
        ? marked
        : { ...marked, updatedAt: ctx.now, owedToPayer: owedToPayerNote(plan.amount, offer) };
    default:
      return assertUnreachable(plan, 'hand-back');
  }
}

/** Hands back every hold and every payment of the session (expiry, abandon, lender refusal). */
export function releaseAll(session: Session, ctx: DomainContext): Session {
  return mapAttempts(session, (a) => (a.status === 'AUTHORIZING' ? a : releaseAttempt(session, a, ctx)));
}

/** A void or refund the session is still waiting for. */
export function handBackPending(session: Session): boolean {
  return session.attempts.some((a) =>
    a.transactions.some((t) => (t.type === 'void' || t.type === 'refund') && t.status.kind === 'pending'),
  );
}
