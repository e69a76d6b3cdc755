import type { Attempt } from '../attempt/attempt.model';
import type { Transaction } from '../transaction/transaction.model';
import { handBack, owedToPayerNote } from '../rules/owed-to-payer.rule';
import { owedFollowUp } from '../transaction/follow-up';
import { transactionCancelled } from '../transaction/transaction.state';
import { replaceTransaction } from '../attempt/attempt-operations';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { mapAttempts, offerOf } from './session-edit';
import { dropUnconfirmedWallet } from './unconfirmed-wallet';
import { assertUnreachable } from '../shared/brand';

/**
 * Hands an attempt's money back: marks it released (it no longer counts against the balance) and
 * owes the void or refund that does it, or records owedToPayer when nothing can. Returns the same
 * attempt when there is nothing to do.
 */
export function releaseAttempt(session: Session, given: Attempt, ctx: DomainContext): Attempt {
  const offer = offerOf(session, given);
  const attempt = withdrawUnsentCapture(given, ctx);
  const plan = handBack(attempt, offer);
  const marked: Attempt =
    given.releasedAt === undefined && (attempt.status === 'AUTHORIZED' || attempt.status === 'CAPTURED' || plan.kind !== 'nothing')
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

/**
 * A capture never sent is withdrawn (cancelled by the service) so the hold is voided instead; one
 * already sent may have taken the money, so its outcome is awaited.
 */
function withdrawUnsentCapture(attempt: Attempt, ctx: DomainContext): Attempt {
  const unsent = attempt.transactions.find(
    (t) => t.type === 'capture' && t.status.kind === 'pending' && t.dispatch?.state === 'owed' && t.dispatch.tries === 0,
  );
  if (!unsent) return attempt;
  const withdrawn = transactionCancelled(unsent, { statusMessage: 'Withdrawn before it was sent: the money is handed back instead' }, ctx.now);
  return replaceTransaction(attempt, { ...withdrawn, dispatch: { state: 'given-up', tries: 0, at: ctx.now } }, ctx.now);
}

/**
 * Hands back every hold and every payment of the session (expiry, abandon, lender refusal). An
 * attempt still AUTHORIZING keeps waiting for its verdict, except an in-page wallet whose token never
 * came: no verdict can come, so it is cancelled (unconfirmed-wallet.ts).
 */
export function releaseAll(session: Session, ctx: DomainContext): Session {
  return mapAttempts(session, (a) => (a.status === 'AUTHORIZING' ? dropUnconfirmedWallet(session, a, ctx) : releaseAttempt(session, a, ctx)));
}

/**
 * A void or refund the session is still waiting for, or a capture whose outcome decides which is
 * needed. A void or refund given up after its retries does not hold the ending: the service sends it
 * no more, and its verdict, if the PSP ever gives one, settles it on the ended session.
 */
export function handBackPending(session: Session): boolean {
  return session.attempts.some((a) => a.transactions.some(isAwaitedHandBack));
}

function isAwaitedHandBack(t: Transaction): boolean {
  if (t.type === 'authorization' || t.type === 'payment' || t.status.kind !== 'pending') return false;
  return t.type === 'capture' || t.dispatch?.state !== 'given-up';
}
