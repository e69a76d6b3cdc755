import type { Attempt } from '../attempt/attempt.model';
import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import { attemptCancelled } from '../attempt/attempt.state';
import { owedFollowUp } from '../transaction/follow-up';
import { transactionCancelled } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { mapAttempts, offerOf } from './session-edit';

/**
 * The wait bound refuses a session whose file the lender still studies: where the offer's PSP can
 * cancel a studied file (`cancelsStudy`), the service cancels it. The attempt is CANCELLED at once
 * (as when the payer abandons one) and the cancel is owed to the PSP as the attempt's void, sent and
 * retried like any owed operation. Its verdict is still awaited: a grant the lender gives meanwhile
 * is handed back by that same cancel, and if the cancel fails the lookups go on (late-lookups.ts).
 * A file whose PSP cannot cancel it is left studied, as before.
 */
export function cancelStudies(session: Session, ctx: DomainContext): Session {
  return mapAttempts(session, (a) => (isCancellableStudy(session, a) ? cancelStudy(a, ctx) : a));
}

function isCancellableStudy(session: Session, attempt: Attempt): boolean {
  return attempt.status === 'AUTHORIZING' && attempt.lenderStudying === true && offerOf(session, attempt).capabilities.cancelsStudy === true;
}

function cancelStudy(attempt: Attempt, ctx: DomainContext): Attempt {
  const { lenderStudying: _studying, lenderLookups: _lookups, ...rest } = attempt;
  return {
    ...rest,
    status: attemptCancelled(attempt.status),
    updatedAt: ctx.now,
    transactions: [...attempt.transactions, owedFollowUp('void', attempt.requested, ctx)],
  };
}

/**
 * A void went through while the opening it acts on never got a verdict: the studied file was
 * cancelled at the PSP. The opening is closed as cancelled and nothing is looked up any more.
 * Returns the same attempt otherwise.
 */
export function closeCancelledStudy(attempt: Attempt, ctx: DomainContext): Attempt {
  const opening = openingTransaction(attempt);
  if (opening.status.kind !== 'pending') return attempt;
  const closed = transactionCancelled(opening, { statusMessage: 'The file was cancelled at the PSP before the lender decided' }, ctx.now);
  const { verdictDueAt: _due, ...rest } = replaceTransaction(attempt, closed, ctx.now);
  return rest;
}
