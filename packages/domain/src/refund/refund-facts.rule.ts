import type { Attempt } from '../attempt/attempt.model';
import { DomainError } from '../errors/domain-error';
import type { AttemptId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { subtract, zero, type Money } from '../money/money';
import { TERMINAL_SESSION_STATUSES, type Session } from '../session/session.model';
import type { Transaction } from '../transaction/transaction.model';

/** Refunds are post-terminal only: the payer flow never refunds. */
export function hasEnded(session: Session): boolean {
  return (TERMINAL_SESSION_STATUSES as readonly string[]).includes(session.status);
}

/**
 * The operation of an attempt that took the money: its succeeded capture (a hold that was taken) or
 * its succeeded direct payment. Undefined when the attempt never took money. An attempt holds at
 * most one such operation; refunds target it.
 */
export function moneyTakingOperation(attempt: Attempt): Transaction | undefined {
  const taking = attempt.operation === 'authorization' ? 'capture' : 'payment';
  for (let i = attempt.transactions.length - 1; i >= 0; i--) {
    const t = attempt.transactions[i];
    if (t && t.type === taking && t.status.kind === 'succeeded') return t;
  }
  return undefined;
}

/** The refund of this attempt whose verdict is still due, if any (one in flight per attempt). */
export function refundInFlight(attempt: Attempt): Transaction | undefined {
  return attempt.transactions.find((t) => t.type === 'refund' && t.status.kind === 'pending');
}

/** The refund of this attempt recorded under an idempotency key, if any. */
export function refundRecordedUnder(attempt: Attempt, idempotencyKey: string): Transaction | undefined {
  return attempt.transactions.find((t) => t.type === 'refund' && t.idempotencyKey === idempotencyKey);
}

export function attemptOf(session: Session, attemptId: AttemptId | string): Attempt {
  const attempt = session.attempts.find((a) => a.id === attemptId);
  if (!attempt) throw new DomainError('NotFound', 'Attempt not found');
  return attempt;
}

/** The method instance the attempt was started on: its snapshot of what the PSP and contract can do. */
export function offerOf(session: Session, attempt: Attempt): MethodOffer {
  const offer = session.methods.find((m) => m.id === attempt.methodId);
  // The aggregate only opens attempts on offered methods: a missing one is corrupted data, a bug.
  if (!offer) throw new Error(`Session ${session.id}: attempt ${attempt.id} names unknown method ${attempt.methodId}`);
  return offer;
}

/** Whether the attempt's PSP and contract can refund at all, and a slice of what remains. */
export function refundCapability(offer: MethodOffer): { readonly refund: boolean; readonly partial: boolean } {
  const refund = offer.capabilities.refund;
  return { refund, partial: refund && offer.capabilities.partialRefund && offer.partialRefunds };
}

/** TEMPORARY until the session rules land: granted - refunded, zero unless the attempt took money. */
export function refundableOf(attempt: Attempt): Money {
  if (!moneyTakingOperation(attempt)) return zero(attempt.granted.currency);
  return subtract(attempt.granted, attempt.refunded);
}
