import type { Attempt } from '../attempt/attempt.model';
import type { OperationRef, PspFact } from '../psp/psp-fact';
import type { Transaction, TransactionType } from '../transaction/transaction.model';
import type { Session } from './session.model';

export type VerdictFact = Exclude<PspFact, { kind: 'chargeback' }>;

/** The operation types a fact can be about. */
const TYPES_OF: Record<VerdictFact['kind'], readonly TransactionType[]> = {
  authorized: ['authorization', 'payment'],
  declined: ['authorization', 'payment'],
  'cancelled-by-payer': ['authorization', 'payment'],
  'lender-pending': ['authorization', 'payment'],
  captured: ['capture'],
  voided: ['void'],
  refunded: ['refund'],
};

export interface LocatedOperation {
  readonly attempt: Attempt;
  readonly tx: Transaction;
}

function byRef(session: Session, ref: OperationRef, types: readonly TransactionType[]): LocatedOperation | undefined {
  const all = session.attempts.flatMap((attempt) => attempt.transactions.map((tx) => ({ attempt, tx })));
  if (ref.transactionId !== undefined) {
    const hit = all.find((o) => o.tx.id === ref.transactionId);
    if (hit) return hit;
  }
  if (ref.providerRef !== undefined) {
    const withRef = all.filter((o) => o.tx.providerRef === ref.providerRef);
    return withRef.find((o) => types.includes(o.tx.type)) ?? withRef[0];
  }
  return undefined;
}

/**
 * Finds the operation a fact is about: by our transaction id first, else by the PSP's reference.
 * When the reference names another operation of the same attempt (a PSP that keeps one reference for
 * the authorization and its capture, say), the attempt's oldest pending operation of the fact's type
 * is meant, else its latest one (already final: the fact is then ignored).
 */
export function locateOperation(session: Session, fact: VerdictFact): LocatedOperation | undefined {
  const types = TYPES_OF[fact.kind];
  const hit = byRef(session, fact.ref, types);
  if (!hit) return undefined;
  if (types.includes(hit.tx.type)) return hit;
  const candidates = hit.attempt.transactions.filter((t) => types.includes(t.type));
  const tx = candidates.find((t) => t.status.kind === 'pending') ?? candidates[candidates.length - 1];
  return tx ? { attempt: hit.attempt, tx } : undefined;
}
