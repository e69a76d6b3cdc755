import { refundSession, type MerchantId, type SessionId, type SessionRepository } from '@splitpay/domain';
import type { RefundAnswer } from './refund-answer';
import { recordRefunds, type RefundRecorderDeps } from './refund-recorder';
import { ownSession } from './refund-scope';

export interface RefundSessionDeps extends RefundRecorderDeps {
  readonly sessions: SessionRepository;
}

/**
 * POST /api/sessions/{id}/refund: plans first (every refundable attempt checked for capability and
 * for no refund in flight, so a refusal answers before any PSP is called), then refunds what remains
 * on each attempt in one write, then sends them. A refund a PSP refuses is a recorded transaction in
 * the answer, never a rollback. With `amount`, the whole the caller confirmed, checked in the same write
 * (D121-b): another refund that came first makes the gesture a refusal, never a different refund.
 */
export class RefundSession {
  constructor(private readonly deps: RefundSessionDeps) {}

  async execute(input: { readonly merchantId: MerchantId; readonly sessionId: string; readonly amount?: number }): Promise<RefundAnswer> {
    const session = await ownSession(input.merchantId, input.sessionId, (id) => this.deps.sessions.findById(id as SessionId));
    return recordRefunds(this.deps, session, (current, ctx) => ({ ...refundSession(current, ctx, input.amount), replayed: false }));
  }
}
