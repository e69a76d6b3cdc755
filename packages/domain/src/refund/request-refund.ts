import type { Attempt } from '../attempt/attempt.model';
import { DomainError } from '../errors/domain-error';
import type { AttemptId, TransactionId } from '../ids/ids';
import { money } from '../money/money';
import type { DomainContext } from '../session/domain-context';
import type { Session } from '../session/session.model';
import type { Transaction } from '../transaction/transaction.model';
import { refundable as refundableOf } from '../rules/refundable.rule';
import { offerOf, replaceAttempt } from '../session/session-edit';
import { owedFollowUp } from '../transaction/follow-up';
import { hasEnded } from '../session/session-ended.rule';
import { refundCapability, refundedAttempt, refundInFlight, refundRecordedUnder } from './refund-facts.rule';

/** What a caller asks of an attempt refund. */
export interface RefundRequest {
  /** Minor units; absent: everything that remains refundable. */
  readonly amount?: number;
  /** The caller's reconciliation tag, echoed verbatim on the refund transaction. */
  readonly extraData?: string;
  /** Names this request: a retry with it returns the refund it recorded, never a second one. */
  readonly idempotencyKey?: string;
}

export interface RefundRequested {
  readonly session: Session;
  /** The refund transaction: the new one, or the one recorded under the idempotency key. */
  readonly transactionId: TransactionId;
  /** True when the idempotency key was already recorded: the session is returned unchanged. */
  readonly replayed: boolean;
}

/**
 * Records a refund of one attempt, owed to its PSP (the outbox): the refund door sends it right away
 * with the transaction id as the PSP idempotency key; the worker sends it after the first retry
 * delay if that send left no ack. The refund stays pending until its verdict arrives out-of-band;
 * `refunded` moves only when it succeeds (a failed refund gives the amount back).
 *
 * Refusals, in order: InvalidRequestedAmount, NotFound (no such attempt), IdempotencyKeyConflict
 * (the key names a refund of another amount), SessionNotEnded, NothingToRefund (nothing taken, all
 * refunded, or an attempt the service is handing back itself), RefundInFlight, RefundNotSupported,
 * RefundExceedsRefundable, PartialRefundNotSupported.
 */
export function requestRefund(
  session: Session,
  attemptId: AttemptId | string,
  request: RefundRequest,
  ctx: DomainContext,
): RefundRequested {
  if (request.amount !== undefined && (!Number.isSafeInteger(request.amount) || request.amount < 1)) {
    throw new DomainError('InvalidRequestedAmount', 'A refund amount is a positive integer of minor units');
  }
  const attempt = refundedAttempt(session, attemptId);

  if (request.idempotencyKey !== undefined) {
    const recorded = refundRecordedUnder(attempt, request.idempotencyKey);
    if (recorded) {
      if (request.amount !== undefined && request.amount !== recorded.amount.amount) {
        throw new DomainError('IdempotencyKeyConflict', 'This idempotency-key already names a refund of a different amount');
      }
      return { session, transactionId: recorded.id, replayed: true };
    }
  }

  if (!hasEnded(session)) throw new DomainError('SessionNotEnded', 'A refund is possible only once the session has ended');
  const refundable = refundableOf(attempt);
  // Before RefundInFlight: the service's own refund of an attempt it is handing back is no merchant
  // refund to wait for (nothing will ever remain to refund on it).
  if (refundable.amount <= 0) throw new DomainError('NothingToRefund', 'Nothing remains to refund on this attempt');
  if (refundInFlight(attempt)) throw new DomainError('RefundInFlight', 'A refund of this attempt is already in flight');
  const capability = refundCapability(offerOf(session, attempt));
  if (!capability.refund) throw new DomainError('RefundNotSupported', 'The PSP of this attempt cannot refund');

  const amount = request.amount ?? refundable.amount;
  if (amount > refundable.amount) {
    throw new DomainError('RefundExceedsRefundable', `The amount exceeds what remains refundable (${refundable.amount})`);
  }
  if (amount < refundable.amount && !capability.partial) {
    throw new DomainError('PartialRefundNotSupported', 'This method refunds in full only');
  }

  const owed = owedFollowUp('refund', money(amount, refundable.currency), ctx);
  // The door sends it at once (the first try); the worker only picks it up if that send did not
  // record an ack, so the PSP is not called twice for one refund in the normal path (owedFollowUp).
  const refund: Transaction = {
    ...owed,
    ...(request.extraData !== undefined ? { extraData: request.extraData } : {}),
    ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
  };
  const refunded: Attempt = { ...attempt, updatedAt: ctx.now, transactions: [...attempt.transactions, refund] };
  return {
    session: replaceAttempt(session, refunded),
    transactionId: refund.id,
    replayed: false,
  };
}
