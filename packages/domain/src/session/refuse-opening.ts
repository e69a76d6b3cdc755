import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import { attemptDeclined } from '../attempt/attempt.state';
import type { DeclineCategory } from '../method/method';
import { transactionFailed } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import { progress } from './progress';
import type { Session } from './session.model';
import { replaceAttempt, requireAttempt } from './session-edit';
import { expireIfDue } from './timeouts';

/** Why the service itself did not open an attempt, in place of a driver's answer. */
export interface OpeningRefusal {
  /** The service's own sentence: the operation's statusMessage, alone. */
  readonly message: string;
  /** What the payer is told the refusal means (the attempt's declineCategory); never put on the operation. */
  readonly declineCategory?: DeclineCategory;
}

/**
 * The service could not open an attempt (no driver serves its method on this instance): its opening
 * operation fails carrying only the service's sentence (the contract: a failure produced by the
 * service itself carries only statusMessage), with no ack facet since no driving call was made, and
 * the attempt is DECLINED. An operation already settled is left as it is.
 */
export function refuseOpening(session: Session, attemptId: string, refusal: OpeningRefusal, ctx: DomainContext): Session {
  const current = expireIfDue(session, ctx);
  const attempt = requireAttempt(current, attemptId);
  const opening = openingTransaction(attempt);
  if (opening.status.kind !== 'pending') return session;
  const failed = transactionFailed(opening, { statusMessage: refusal.message }, ctx.now);
  const { verdictDueAt: _due, ...rest } = replaceTransaction(attempt, failed, ctx.now);
  const declined =
    attempt.status === 'AUTHORIZING'
      ? { ...rest, status: attemptDeclined(attempt.status), ...(refusal.declineCategory !== undefined ? { declineCategory: refusal.declineCategory } : {}) }
      : rest;
  return expireIfDue(progress(replaceAttempt(current, declined), ctx), ctx);
}
