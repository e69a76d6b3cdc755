import { firstSendDelayMs } from '../transaction/follow-up';
import type { Transaction } from '../transaction/transaction.model';
import type { DomainPolicy } from './domain-context';
import type { Session } from './session.model';

/** Owed and never sent, made at `now`: possibly made by the write being stamped (the others are filtered out by id). */
function unsentFrom(tx: Transaction, now: number): boolean {
  return tx.dispatch?.state === 'owed' && tx.dispatch.tries === 0 && tx.createdAt === now;
}

/**
 * The session `next` to be saved over `previous` at `now`, with the first send of the operations this
 * write owes falling due once its writer can have sent them all and saved their acks: each is owed
 * due after one call (`owedFollowUp`), and a write owing several (both holds of a covered order
 * captured) makes its writer send them one after the other. The same object when the write owes at
 * most one, which is the cost of nearly every write.
 */
export function timeFirstSends(previous: Session, next: Session, now: number, policy: DomainPolicy): Session {
  let candidates = 0;
  for (const attempt of next.attempts) for (const tx of attempt.transactions) if (unsentFrom(tx, now)) candidates++;
  if (candidates < 2) return next;
  const known = new Set<string>();
  for (const attempt of previous.attempts) for (const tx of attempt.transactions) known.add(tx.id);
  const owedHere = (tx: Transaction) => unsentFrom(tx, now) && !known.has(tx.id);
  let count = 0;
  for (const attempt of next.attempts) for (const tx of attempt.transactions) if (owedHere(tx)) count++;
  if (count < 2) return next;
  const nextAt = now + firstSendDelayMs(policy, count);
  return {
    ...next,
    attempts: next.attempts.map((attempt) =>
      attempt.transactions.some(owedHere)
        ? { ...attempt, transactions: attempt.transactions.map((tx) => (owedHere(tx) ? { ...tx, dispatch: { state: 'owed', tries: 0, nextAt } } : tx)) }
        : attempt,
    ),
  };
}
