import type { Attempt } from '../attempt/attempt.model';
import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import { attemptCancelled } from '../attempt/attempt.state';
import { owedFollowUp } from '../transaction/follow-up';
import { transactionCancelled } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { offerOf } from './session-edit';

/**
 * An in-page wallet attempt whose token was never sent (its sheet open, or closed without a confirm):
 * nothing that pays exists at its PSP, since only the confirm carries the token.
 */
export function isUnconfirmedWallet(session: Session, attempt: Attempt): boolean {
  return attempt.status === 'AUTHORIZING' && attempt.confirmedAt === undefined && offerOf(session, attempt).capabilities.confirm;
}

/**
 * The service no longer waits for an unconfirmed wallet's token (its session ends, or the payer
 * withdraws the attempt): CANCELLED, its opening cancelled (no verdict can come, so none is looked up
 * or alerted). A payment its PSP opened to wait for the token (it has a reference there) is cancelled
 * there by a void owed like any other, when the PSP voids; nothing else is owed, nothing was taken.
 * Returns the same attempt when it is not an unconfirmed wallet.
 */
export function dropUnconfirmedWallet(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  if (!isUnconfirmedWallet(session, attempt)) return attempt;
  const opening = openingTransaction(attempt);
  const closed = transactionCancelled(opening, { statusMessage: 'The wallet never handed over its payment token: nothing was paid' }, ctx.now);
  const { verdictDueAt: _due, ...rest } = replaceTransaction(attempt, closed, ctx.now);
  const waitingAtPsp = opening.providerRef !== undefined && offerOf(session, attempt).capabilities.void;
  return {
    ...rest,
    status: attemptCancelled(attempt.status),
    updatedAt: ctx.now,
    ...(waitingAtPsp ? { transactions: [...rest.transactions, owedFollowUp('void', attempt.requested, ctx)] } : {}),
  };
}
