import { SettleGivenUpOperation, type SettleGivenUpRequest } from '@splitpay/application';
import { DomainError, type Logger, type SessionRepository } from '@splitpay/domain';
import { SystemClock, UuidV7IdGenerator } from '@splitpay/infra';
import type { ServerConfig } from '@splitpay/server/src/config';
import { sessionWriterOf } from '@splitpay/server/src/session-writer';
import type { Output } from '../output';

/**
 * Records the verdict an operator found at the PSP for a capture, void or refund the service gave up
 * on (docs/operations.md, `psp.operation_given_up`, `psp.operation_verdict_given_up`), or whose
 * verdict was alerted as overdue (`psp.verdict_overdue`, D104). Prints the outcome; 1 when refused (no
 * such session or operation, or an operation not given up: owed, sent and still awaited or looked up,
 * or already settled).
 */
export async function settleOperation(
  deps: { readonly sessions: SessionRepository; readonly config: ServerConfig; readonly logger: Logger },
  request: SettleGivenUpRequest,
  out: Output,
): Promise<0 | 1> {
  const writer = sessionWriterOf(deps.config, { sessions: deps.sessions, clock: new SystemClock(), ids: new UuidV7IdGenerator() });
  const settle = new SettleGivenUpOperation({ writer, logger: deps.logger });
  try {
    const outcome = await settle.execute(request);
    out.line(`settle-operation: ${request.sessionId} ${request.transactionId} ${outcome === 'settled' ? `settled as ${request.verdict}` : `refused: ${outcome}`}`);
    return outcome === 'settled' ? 0 : 1;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    out.line(`settle-operation: ${request.sessionId} refused: ${error.code}`);
    return 1;
  }
}
