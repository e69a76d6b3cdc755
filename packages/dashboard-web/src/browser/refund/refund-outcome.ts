import type { AttemptJson, TransactionJson } from '../api/api-types';

/** The refunds a tranche shows, by id: what the page knew before a refund gesture. */
export function refundIdsOf(attempt: AttemptJson | undefined): ReadonlySet<string> {
  return new Set((attempt?.transactions ?? []).filter((tx) => tx.type === 'refund').map((tx) => tx.transactionId));
}

/**
 * After an unclear answer, the tranche read again: a refund of that amount it did not show before the
 * gesture is the one the gesture made (whatever its verdict by now), so its key is spent. None: the
 * refund was not made, or not yet visible, and the key is kept, so a retry replays rather than doubles.
 */
export function madeRefundOf(before: ReadonlySet<string>, attempt: AttemptJson | undefined, amount: number): TransactionJson | undefined {
  return attempt?.transactions.find((tx) => tx.type === 'refund' && tx.amount.amount === amount && !before.has(tx.transactionId));
}
