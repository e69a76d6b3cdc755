import { stateMachine, type TransitionTable } from '../shared/state-machine';
import type { Ack, Transaction, TransactionStatus, VerdictKind } from './transaction.model';

/** The verdict a PSP (or the service, for its own failures) gives an operation. */
export type VerdictTrigger = 'succeeded' | 'failed' | 'cancelled';

export const TRANSACTION_TRANSITIONS: TransitionTable<VerdictKind, VerdictTrigger> = {
  pending: { succeeded: 'succeeded', failed: 'failed', cancelled: 'cancelled' },
  succeeded: {},
  failed: {},
  cancelled: {},
};

export const transactionMachine = stateMachine<VerdictKind, VerdictTrigger>('transaction', TRANSACTION_TRANSITIONS);

export function isFinalVerdict(tx: Transaction): boolean {
  return transactionMachine.isFinal(tx.status.kind);
}

/** The verdict's details, kept in the verdict facet (never in the ack facet). */
export type VerdictDetails = Omit<TransactionStatus, 'kind'> & { readonly providerRef?: string };

function verdict(trigger: VerdictTrigger) {
  return (tx: Transaction, details: VerdictDetails, now: number): Transaction => {
    // PSPs resend: a verdict for an operation already final changes nothing.
    if (!transactionMachine.can(tx.status.kind, trigger)) return tx;
    const { providerRef, ...status } = details;
    return {
      ...tx,
      updatedAt: now,
      ...(tx.providerRef === undefined && providerRef !== undefined ? { providerRef } : {}),
      status: { kind: transactionMachine.fire(tx.status.kind, trigger), ...stripUndefined(status) },
    };
  };
}

/**
 * The PSP undid an operation it had confirmed (a refund rejected by the scheme afterwards, or its
 * money returned): succeeded becomes failed, with the PSP's details. The one way out of a final
 * verdict, outside the table: a resent success or failure still changes nothing. Other states: unchanged.
 */
export function transactionReversed(tx: Transaction, details: VerdictDetails, now: number): Transaction {
  if (tx.status.kind !== 'succeeded') return tx;
  const { providerRef: _ref, ...status } = details;
  return { ...tx, updatedAt: now, status: { kind: 'failed', ...stripUndefined(status) } };
}

export const transactionSucceeded = verdict('succeeded');
export const transactionFailed = verdict('failed');
export const transactionCancelled = verdict('cancelled');

/**
 * Records what the driving call answered in the ack facet. The verdict facet is untouched: an ack is
 * never a verdict. An ack that comes after the verdict (the verdict raced it out-of-band) leaves
 * `updatedAt` at the verdict instant: the contract's updatedAt of a terminal operation.
 */
export function recordAck(tx: Transaction, ack: Ack & { readonly providerRef?: string }, now: number): Transaction {
  const { providerRef, ...facet } = ack;
  return {
    ...tx,
    updatedAt: isFinalVerdict(tx) ? tx.updatedAt : now,
    ack: stripUndefined(facet),
    ...(tx.providerRef === undefined && providerRef !== undefined ? { providerRef } : {}),
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
