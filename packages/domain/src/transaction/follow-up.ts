import type { DomainContext, DomainPolicy } from '../session/domain-context';
import type { TransactionId } from '../ids/ids';
import type { Money } from '../money/money';
import type { Transaction } from './transaction.model';

/**
 * How long after the write that owes them `count` operations fall due for the worker: their writer
 * sends them one after the other right after that write and saves their acks in one write after the
 * last, so each may wait for every call of the batch, then for that save.
 */
export function firstSendDelayMs(policy: DomainPolicy, count: number): number {
  return count * policy.dispatchCallMs + policy.dispatchAckSaveMs;
}

/**
 * A capture, void or refund the PSP must be told about: pending, and owed to the dispatcher (written in
 * the same save as the state change that needs it). The writer of that save sends it right after (its
 * first try); its `nextAt` is after the longest that send can take (`firstSendDelayMs`; the writer
 * pushes it further when its write owes several, `timeFirstSends`), so the session worker of any
 * instance sends it only when that send left no ack: one PSP call per operation in the normal path.
 */
export function owedFollowUp(type: 'capture' | 'void' | 'refund', amount: Money, ctx: DomainContext): Transaction {
  return {
    id: ctx.newId() as TransactionId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    type,
    amount,
    status: { kind: 'pending' },
    dispatch: { state: 'owed', tries: 0, nextAt: ctx.now + firstSendDelayMs(ctx.policy, 1) },
  };
}
