import type { DomainContext } from '../session/domain-context';
import type { TransactionId } from '../ids/ids';
import type { Money } from '../money/money';
import type { Transaction } from './transaction.model';

/**
 * A capture, void or refund the PSP must be told about: pending, and owed to the dispatcher (written in
 * the same save as the state change that needs it). The writer of that save sends it right after (its
 * first try); its `nextAt` is one retry delay later, so the session worker only sends it when that
 * send left no ack: one PSP call per operation in the normal path.
 */
export function owedFollowUp(type: 'capture' | 'void' | 'refund', amount: Money, ctx: DomainContext): Transaction {
  return {
    id: ctx.newId() as TransactionId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    type,
    amount,
    status: { kind: 'pending' },
    dispatch: { state: 'owed', tries: 0, nextAt: ctx.now + (ctx.policy.dispatchRetryDelaysMs[0] ?? 0) },
  };
}
