import { takingTransaction } from '../attempt/attempt-operations';
import type { Attempt } from '../attempt/attempt.model';
import { DomainError } from '../errors/domain-error';
import type { TransactionId } from '../ids/ids';
import type { DomainContext } from '../session/domain-context';
import type { Session } from '../session/session.model';
import { hasEnded } from '../session/session-ended.rule';
import { requestRefund, type RefundRequest, type RefundRequested } from './request-refund';

/**
 * The transaction door's rule: the path must name the operation that took the money (the attempt's
 * succeeded capture or its succeeded direct payment). Returns that operation's attempt.
 *
 * Refusals: NotFound (no such transaction in the session), SessionNotEnded (a capture may still be
 * taking the money), NotARefundableOperation (an authorization, a void, a refund, or an operation
 * that failed: it never took money).
 */
export function attemptOfRefundableOperation(session: Session, transactionId: TransactionId | string): Attempt {
  const attempt = session.attempts.find((a) => a.transactions.some((t) => t.id === transactionId));
  if (!attempt) throw new DomainError('NotFound', 'Transaction not found');
  if (!hasEnded(session)) throw new DomainError('SessionNotEnded', 'A refund is possible only once the session has ended');
  if (takingTransaction(attempt)?.id !== transactionId) {
    throw new DomainError('NotARefundableOperation', 'The named transaction never took money: name the capture or the direct payment');
  }
  return attempt;
}

/** Refund through the transaction door: the operation rule, then every attempt refund rule. */
export function requestOperationRefund(
  session: Session,
  transactionId: TransactionId | string,
  request: RefundRequest,
  ctx: DomainContext,
): RefundRequested {
  return requestRefund(session, attemptOfRefundableOperation(session, transactionId).id, request, ctx);
}
