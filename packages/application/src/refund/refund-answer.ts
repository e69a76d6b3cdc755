import type { Session, TransactionHit, TransactionId } from '@splitpay/domain';

/** What every refund door answers (202): the refund transactions with their session and attempt context. */
export interface RefundAnswer {
  /** At least one; the status of each refund is read from its transaction status. */
  readonly refunds: readonly TransactionHit[];
}

/** The named transactions of a session as the refund answer carries them, in the order named. */
export function refundAnswer(session: Session, transactionIds: readonly TransactionId[]): RefundAnswer {
  const refunds = transactionIds.map((id) => {
    for (const attempt of session.attempts) {
      const transaction = attempt.transactions.find((t) => t.id === id);
      if (transaction) {
        return {
          sessionId: session.id,
          merchantId: session.merchantId,
          orderId: session.orderId,
          attemptId: attempt.id,
          method: attempt.method,
          ...(attempt.cardScheme ? { cardScheme: attempt.cardScheme } : {}),
          transaction,
        } satisfies TransactionHit;
      }
    }
    throw new Error(`Session ${session.id} holds no transaction ${id}`);
  });
  return { refunds };
}
