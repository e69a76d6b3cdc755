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
 * the answer, never a rollback.
 */
export class RefundSession {
  constructor(private readonly deps: RefundSessionDeps) {}

  async execute(input: { readonly merchantId: MerchantId; readonly sessionId: string }): Promise<RefundAnswer> {
    const session = await ownSession(input.merchantId, input.sessionId, (id) => this.deps.sessions.findById(id as SessionId));
    return recordRefunds(this.deps, session, (current, ctx) => ({ ...refundSession(current, ctx), replayed: false }));
  }
}
