import { requestOperationRefund, type MerchantId, type TransactionId } from '@splitpay/domain';
import type { RefundAnswer } from './refund-answer';
import { requestOf, type RefundAttemptDeps, type RefundInput } from './refund-attempt.use-case';
import { recordRefunds } from './refund-recorder';
import { checkIdempotencyKey, ownSession } from './refund-scope';

export type RefundTransactionDeps = RefundAttemptDeps;

/**
 * POST /api/transactions/{id}/refund: the attempt refund's rules, through the operation that took
 * the money (the capture or the direct payment); any other operation is NotARefundableOperation.
 */
export class RefundTransaction {
  constructor(private readonly deps: RefundTransactionDeps) {}

  async execute(input: RefundInput & { readonly transactionId: string; readonly merchantId: MerchantId }): Promise<RefundAnswer> {
    checkIdempotencyKey(input.idempotencyKey);
    const session = await ownSession(input.merchantId, input.transactionId, (id) =>
      this.deps.sessions.findByTransactionId(id as TransactionId),
    );
    return recordRefunds(this.deps, session, (current, ctx) => {
      const outcome = requestOperationRefund(current, input.transactionId, requestOf(input), ctx);
      return { session: outcome.session, transactionIds: [outcome.transactionId], replayed: outcome.replayed };
    });
  }
}
