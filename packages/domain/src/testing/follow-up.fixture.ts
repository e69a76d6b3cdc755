import type { FollowUpInput, OpenInput } from '../psp/psp-driver.port';
import type { OperationRef } from '../psp/psp-fact';
import type { TransactionId } from '../ids/ids';
import { money } from '../money/money';

/** A capture, void or refund (our `transactionId`) of `amount` on what `open` opened: its attempt, reference, offer and settings. */
export function followUpOf(open: OpenInput, transactionId: TransactionId, amount: number, target: OperationRef, opening?: OperationRef): FollowUpInput {
  return {
    transactionId,
    attemptId: open.attemptId,
    reference: open.reference,
    offer: open.offer,
    settings: open.settings,
    amount: money(amount, open.amount.currency),
    target,
    ...(opening ? { opening } : {}),
  };
}
