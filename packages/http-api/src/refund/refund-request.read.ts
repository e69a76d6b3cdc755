import type { Request } from 'express';
import { DomainError } from '@splitpay/domain';
import { validator } from '../schemas/validate';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, noBodySchema, refundRequestSchema } from './refund-request.schema';

export interface RefundBody {
  readonly amount?: number;
  readonly extraData?: string;
}

const validateRefundBody = validator<RefundBody>(refundRequestSchema, 'body');
const validateNoBody = validator<Record<string, never>>(noBodySchema, 'body');

/** An absent body counts as {}. */
export function readRefundBody(body: unknown): RefundBody {
  return validateRefundBody(body ?? {});
}

export function readNoBody(body: unknown): void {
  validateNoBody(body ?? {});
}

/** The optional idempotency-key header: 1 to 64 characters. */
export function readIdempotencyKey(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new DomainError('InvalidRequest', `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
  return key;
}
