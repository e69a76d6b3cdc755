import type { Session, TransactionHit, TransactionId } from '@splitpay/domain';
import { transactionHit } from '../transaction-hit';

/** What every refund door answers (202): the refund transactions with their session and attempt context. */
export interface RefundAnswer {
  /** At least one; the status of each refund is read from its transaction status. */
  readonly refunds: readonly TransactionHit[];
}

/** The named transactions of a session as the refund answer carries them, in the order named. */
export function refundAnswer(session: Session, transactionIds: readonly TransactionId[]): RefundAnswer {
  const refunds = transactionIds.map((id) => {
    const hit = transactionHit(session, id);
    if (!hit) throw new Error(`Session ${session.id} holds no transaction ${id}`);
    return hit;
  });
  return { refunds };
}
