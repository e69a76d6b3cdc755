import type { Attempt } from '../attempt/attempt.model';
import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import { attemptCancelled } from '../attempt/attempt.state';
import { owedFollowUp } from '../transaction/follow-up';
import { transactionCancelled } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import { promptLookup } from './late-lookups';
import type { Session } from './session.model';
import { mapAttempts, offerOf } from './session-edit';
import { dropUnconfirmedWallet, isUnconfirmedWallet } from './unconfirmed-wallet';

/**
 * The service no longer wants a file the lender still studies (the wait bound refused the session,
 * the session expired, or the payer abandoned the payment): where the offer's PSP can cancel a
 * studied file (`cancelsStudy`), the service cancels it. The attempt is CANCELLED at once (as when
 * the payer abandons one) and the cancel is owed to the PSP as the attempt's void, sent and retried
 * like any owed operation. Its verdict is still awaited: a grant the lender gives meanwhile is handed
 * back by that same cancel, and if the cancel fails the file is looked up again soon, then backing
 * off (late-lookups.ts). A file whose PSP cannot cancel it is left studied, as before.
 */
export function cancelStudies(session: Session, ctx: DomainContext): Session {
  return mapAttempts(session, (a) => (isCancellableStudy(session, a) ? cancelStudy(a, ctx) : a));
}

/**
 * The payer walks away from an AUTHORIZING attempt: CANCELLED at once; a file the lender studies is
 * cancelled at its PSP when it can be (as cancelStudies does), an in-page wallet whose token never
 * came has its opening cancelled (unconfirmed-wallet.ts), else its verdict is only awaited.
 */
export function withdrawAttempt(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  if (isCancellableStudy(session, attempt)) return cancelStudy(attempt, ctx);
  if (isUnconfirmedWallet(session, attempt)) return dropUnconfirmedWallet(session, attempt, ctx);
  const { lenderStudying: _studying, lenderLookups: _lookups, ...rest } = attempt;
  return { ...rest, status: attemptCancelled(attempt.status), updatedAt: ctx.now };
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
    transactions: [...attempt.transactions, { ...owedFollowUp('void', attempt.requested, ctx), studyCancel: true }],
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

/**
 * A void failed while the opening it acts on never got a verdict: the PSP did not cancel the studied
 * file, most likely because the lender decided meanwhile (Oney answers a cancel of a granted file
 * with FAVORABLE). The file is looked up soon (`verdictOverdueMs`), not at the backed-off lookup,
 * so that a grant is found and handed back without waiting days. Returns the same attempt otherwise.
 */
export function lookUpFailedCancel(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  if (openingTransaction(attempt).status.kind !== 'pending' || !offerOf(session, attempt).capabilities.statusLookup) return attempt;
  return promptLookup(session, attempt, ctx);
}
