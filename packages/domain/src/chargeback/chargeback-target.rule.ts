import { takingTransaction } from '../attempt/attempt-operations';
import type { Attempt } from '../attempt/attempt.model';
import type { Session } from '../session/session.model';
import type { Transaction } from '../transaction/transaction.model';

/** Operations money moves on first: a chargeback names the capture or the direct payment, else the hold. */
const PREFERENCE: readonly Transaction['type'][] = ['capture', 'payment', 'authorization'];

const rank = (tx: Transaction): number => {
  const i = PREFERENCE.indexOf(tx.type);
  return i === -1 ? PREFERENCE.length : i;
};

type Target = { attempt: Attempt; transaction: Transaction };

/**
 * PSPs name a dispute by the payment, which for a hold is the authorization's reference; the money
 * moved on its capture, and the contract's transactionId is that operation. A hold never captured
 * keeps its authorization.
 */
function whereMoneyMoved(target: Target): Target {
  if (target.transaction.type !== 'authorization') return target;
  const taking = takingTransaction(target.attempt);
  return taking ? { attempt: target.attempt, transaction: taking } : target;
}

/**
 * The operation a chargeback at `provider` with `providerRef` is about, if the session has it; when no
 * operation carries that reference, the one whose id is `transactionId` (our id the PSP echoed).
 */
export function chargebackTarget(session: Session, provider: string, providerRef: string, transactionId?: string): Target | undefined {
  const ours = session.attempts.filter((attempt) => attempt.provider === provider);
  const candidates = ours.flatMap((attempt) => attempt.transactions.filter((tx) => tx.providerRef === providerRef).map((transaction) => ({ attempt, transaction })));
  const byRef = [...candidates].sort((a, b) => rank(a.transaction) - rank(b.transaction))[0];
  const named = byRef ?? (transactionId === undefined ? undefined : ours.flatMap((attempt) => attempt.transactions.filter((tx) => tx.id === transactionId).map((transaction) => ({ attempt, transaction })))[0]);
  return named ? whereMoneyMoved(named) : undefined;
}
