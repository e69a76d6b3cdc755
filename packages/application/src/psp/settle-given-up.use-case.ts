import { settleGivenUpOperation, type Logger, type OperatorVerdict, type SessionId, type SettledByOperator } from '@splitpay/domain';
import type { SessionWriter } from '../session-writer';

export interface SettleGivenUpRequest {
  readonly sessionId: string;
  readonly transactionId: string;
  readonly verdict: OperatorVerdict;
  /** Why (what the PSP's back office showed, a ticket): kept as the operation's statusMessage. */
  readonly note: string;
}

export type SettleGivenUpOutcome = 'settled' | 'no-such-operation' | 'not-given-up';

/**
 * The operator's way out of a capture, void or refund given up on unknown acks, or whose lookups ran
 * out, that the PSP never settled (docs/operations.md, `psp.operation_given_up`,
 * `psp.operation_verdict_given_up`): records the verdict found at the PSP. What
 * it owes next (a void after a failed capture, say) is sent by the service's worker when due.
 */
export class SettleGivenUpOperation {
  constructor(private readonly deps: { readonly writer: SessionWriter; readonly logger: Logger }) {}

  /** NotFound (DomainError) when the session does not exist. */
  async execute(request: SettleGivenUpRequest): Promise<SettleGivenUpOutcome> {
    const written = await this.deps.writer.update<SettledByOperator>(request.sessionId as SessionId, (session, ctx) => {
      const settled = settleGivenUpOperation(session, request.transactionId, request.verdict, request.note, ctx);
      return settled.kind === 'settled' ? { session: settled.session, result: settled } : { session, result: settled };
    });
    const { result } = written;
    if (result.kind === 'refused') return result.reason;
    this.deps.logger.warn('psp.operation_settled_by_operator', {
      sessionId: written.session.id,
      merchantId: written.session.merchantId,
      transactionId: request.transactionId,
      type: result.type,
      verdict: request.verdict,
    });
    return 'settled';
  }
}
