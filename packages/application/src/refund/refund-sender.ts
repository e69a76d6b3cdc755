import type { Session, TransactionId } from '@splitpay/domain';

/**
 * Sends owed refunds of a session to their PSP now (our transaction id as the PSP idempotency key)
 * and records each ack through the SessionWriter. Implemented over the payer flow's dispatcher of
 * owed operations, so a refund is sent exactly as the worker would send it.
 */
export interface RefundSender {
  /**
   * Returns the session as recorded after the acks. Never throws for a PSP refusal or a transport
   * failure: a refusal is recorded on the transaction, and whatever stays owed is retried by the
   * worker (the session's dueAt already names it).
   */
  sendNow(session: Session, transactionIds: readonly TransactionId[]): Promise<Session>;
}
