import { requestRefund, type AttemptId, type MerchantId, type SessionRepository } from '@splitpay/domain';
import type { RefundAnswer } from './refund-answer';
import { recordRefunds, type RefundRecorderDeps } from './refund-recorder';
import { checkIdempotencyKey, ownSession } from './refund-scope';

export interface RefundAttemptDeps extends RefundRecorderDeps {
  readonly sessions: SessionRepository;
}

/** What the attempt and transaction doors take besides the path. */
export interface RefundInput {
  readonly merchantId: MerchantId;
  /** Minor units; absent: a full refund of what remains. */
  readonly amount?: number;
  readonly extraData?: string;
  /** The idempotency-key header (1 to 64 characters). */
  readonly idempotencyKey?: string;
}

/**
 * POST /api/attempts/{id}/refund. The idempotency key lives on the refund transaction inside the
 * session document, so recording it is atomic with the refund (the version check), a retry finds it
 * and gets the recorded refund back, and a refused request records nothing.
 */
export class RefundAttempt {
  constructor(private readonly deps: RefundAttemptDeps) {}

  async execute(input: RefundInput & { readonly attemptId: string }): Promise<RefundAnswer> {
    checkIdempotencyKey(input.idempotencyKey);
    const session = await ownSession(input.merchantId, input.attemptId, (id) => this.deps.sessions.findByAttemptId(id as AttemptId));
    return recordRefunds(this.deps, session, (current, ctx) => {
      const outcome = requestRefund(current, input.attemptId, requestOf(input), ctx);
      return { session: outcome.session, transactionIds: [outcome.transactionId], replayed: outcome.replayed };
    });
  }
}

export function requestOf(input: RefundInput): { amount?: number; extraData?: string; idempotencyKey?: string } {
  return {
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.extraData !== undefined ? { extraData: input.extraData } : {}),
    ...(input.idempotencyKey !== undefined ? { idempotencyKey: input.idempotencyKey } : {}),
  };
}
