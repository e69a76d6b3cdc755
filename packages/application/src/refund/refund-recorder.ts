import type { DomainContext, Logger, Session, TransactionId } from '@splitpay/domain';
import type { SessionWriter } from '../session-writer';
import { refundAnswer, type RefundAnswer } from './refund-answer';
import type { RefundSender } from './refund-sender';

/** A pure refund command: the new session, the refunds it names, and whether it only replayed a key. */
export type RefundCommand = (
  session: Session,
  ctx: DomainContext,
) => { readonly session: Session; readonly transactionIds: readonly TransactionId[]; readonly replayed: boolean };

export interface RefundRecorderDeps {
  readonly writer: SessionWriter;
  readonly sender: RefundSender;
  readonly logger: Logger;
}

/**
 * Records refunds with the optimistic version check (a refusal or an idempotent replay writes
 * nothing), then sends the new ones to their PSP right away and answers them as recorded after the
 * acks (or as recorded before, pending and owed, when the send failed: the worker sends them).
 * Concurrent twins converge: after a conflict the command is re-applied to the stored session, where
 * the winner's refund is in flight or its key is recorded.
 */
export async function recordRefunds(deps: RefundRecorderDeps, initial: Session, command: RefundCommand): Promise<RefundAnswer> {
  const { session: saved, result } = await deps.writer.update(
    initial.id,
    (session, ctx) => {
      const outcome = command(session, ctx);
      return { session: outcome.session, result: outcome };
    },
    { initial },
  );
  if (result.replayed) return refundAnswer(saved, result.transactionIds);
  deps.logger.info('refund.requested', { sessionId: saved.id, merchantId: saved.merchantId, transactionIds: result.transactionIds });
  let sent = saved;
  try {
    sent = await deps.sender.sendNow(saved, result.transactionIds);
  } catch (error) {
    // The refunds are recorded and owed: the session worker sends them. The caller still gets its 202.
    deps.logger.error('refund.send_failed', { sessionId: saved.id, transactionIds: result.transactionIds, error });
  }
  return refundAnswer(sent, result.transactionIds);
}
