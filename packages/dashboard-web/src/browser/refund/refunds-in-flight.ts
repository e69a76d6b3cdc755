import type { AttemptJson, Money } from '../api/api-types';

/** What a tranche still lets a contact refund, and the refunds asked of it whose verdict is still due. */
export interface RefundStanding {
  /** The service's refundable (granted minus refunded) less the refunds in flight, never below zero. */
  readonly refundable: Money;
  /** What the refunds in flight send back; absent when none is. */
  readonly pending?: Money;
}

/**
 * The service counts a refund in `refunded` only once its verdict says it succeeded (a failed one
 * gives the amount back), so its `refundable` still holds a refund in flight: drawn as it is, it
 * offers that money a second time. The dashboard counts it out until its verdict.
 */
export function refundStanding(attempt: AttemptJson): RefundStanding {
  const { currency } = attempt.refundable;
  const pending = attempt.transactions.filter((tx) => tx.type === 'refund' && tx.status.kind === 'pending').reduce((sum, tx) => sum + tx.amount.amount, 0);
  const refundable = { amount: Math.max(0, attempt.refundable.amount - pending), currency };
  return pending > 0 ? { refundable, pending: { amount: pending, currency } } : { refundable };
}
