import type { Money } from '../money/money';
import { subtract } from '../money/money';
import type { Transaction, TransactionType } from '../transaction/transaction.model';
import type { Attempt } from './attempt.model';

/** The operation that opened the attempt: its authorization (a hold) or its direct payment. */
export function openingTransaction(attempt: Attempt): Transaction {
  const first = attempt.transactions.find((t) => t.type === 'authorization' || t.type === 'payment');
  if (!first) throw new Error(`Attempt ${attempt.id} has no opening operation`);
  return first;
}

export function hasTransaction(attempt: Attempt, type: TransactionType, kinds: readonly Transaction['status']['kind'][]): boolean {
  return attempt.transactions.some((t) => t.type === type && kinds.includes(t.status.kind));
}

/** The operation that took the money: the succeeded capture of a hold, or the succeeded direct payment. */
export function takingTransaction(attempt: Attempt): Transaction | undefined {
  const opening = attempt.transactions.find((t) => t.type === 'authorization' || t.type === 'payment');
  if (opening?.type === 'payment') return opening.status.kind === 'succeeded' ? opening : undefined;
  return attempt.transactions.find((t) => t.type === 'capture' && t.status.kind === 'succeeded');
}

/** The hold was granted and neither captured nor released at the PSP. */
export function holdsMoney(attempt: Attempt): boolean {
  const opening = attempt.transactions[0];
  return (
    opening?.type === 'authorization' &&
    opening.status.kind === 'succeeded' &&
    !hasTransaction(attempt, 'capture', ['succeeded']) &&
    !hasTransaction(attempt, 'void', ['succeeded'])
  );
}

/** Money taken and not handed back yet (zero when nothing was taken, or a same-day sale was voided). */
export function moneyKept(attempt: Attempt): Money {
  if (!takingTransaction(attempt) || hasTransaction(attempt, 'void', ['succeeded'])) {
    return { amount: 0, currency: attempt.granted.currency };
  }
  return subtract(attempt.granted, attempt.refunded);
}

export function replaceTransaction(attempt: Attempt, tx: Transaction, now: number): Attempt {
  return {
    ...attempt,
    updatedAt: now,
    transactions: attempt.transactions.map((t) => (t.id === tx.id ? tx : t)),
  };
}
