import type { Session, TransactionHit, TransactionId } from '@splitpay/domain';

/** One transaction of a session with its session and attempt context, as reads and refund answers give it. */
export function transactionHit(session: Session, transactionId: TransactionId): TransactionHit | undefined {
  for (const attempt of session.attempts) {
    const transaction = attempt.transactions.find((t) => t.id === transactionId);
    if (!transaction) continue;
    return {
      sessionId: session.id,
      merchantId: session.merchantId,
      orderId: session.orderId,
      attemptId: attempt.id,
      method: attempt.method,
      provider: attempt.provider,
      ...(attempt.cardScheme !== undefined ? { cardScheme: attempt.cardScheme } : {}),
      transaction,
    };
  }
  return undefined;
}
