import type { Attempt } from '../attempt/attempt.model';
import { refuse } from '../errors/domain-error';
import type { AttemptId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { findAttempt } from '../session/session-edit';
import type { Session } from '../session/session.model';
import type { Transaction } from '../transaction/transaction.model';

/** The refund of this attempt whose verdict is still due, if any (one in flight per attempt). */
export function refundInFlight(attempt: Attempt): Transaction | undefined {
  return attempt.transactions.find((t) => t.type === 'refund' && t.status.kind === 'pending');
}

/** The refund of this attempt recorded under an idempotency key, if any. */
export function refundRecordedUnder(attempt: Attempt, idempotencyKey: string): Transaction | undefined {
  return attempt.transactions.find((t) => t.type === 'refund' && t.idempotencyKey === idempotencyKey);
}

/** The attempt, or NotFound: on /api an unknown attempt is a missing resource. */
export function refundedAttempt(session: Session, attemptId: AttemptId | string): Attempt {
  return findAttempt(session, attemptId) ?? refuse('NotFound', 'Attempt not found');
}

/** Whether the attempt's PSP and contract can refund at all, and a slice of what remains. */
export function refundCapability(offer: MethodOffer): { readonly refund: boolean; readonly partial: boolean } {
  const refund = offer.capabilities.refund;
  return { refund, partial: refund && offer.capabilities.partialRefund && offer.partialRefunds };
}
