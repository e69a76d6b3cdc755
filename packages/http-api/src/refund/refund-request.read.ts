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

/**
 * A body the door could read must be JSON: one of another content type (or of none) would be left
 * unparsed and read as absent, and an attempt refund without `amount` is a full one. InvalidRequest.
 */
export function requireJsonBody(req: Request): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is('application/json')) throw new DomainError('InvalidRequest', 'Request body must be application/json');
}

/** An absent body counts as {}. */
export function readRefundBody(body: unknown): RefundBody {
  return validateRefundBody(body ?? {});
}

export function readNoBody(body: unknown): void {
  validateNoBody(body ?? {});
}

/** The optional idempotency-key header: 1 to 64 characters, sent once (Node would join repeats with a comma). */
export function readIdempotencyKey(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  const sent = req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === IDEMPOTENCY_KEY_HEADER).length;
  if (sent > 1) throw new DomainError('InvalidRequest', `${IDEMPOTENCY_KEY_HEADER} must be sent once`);
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new DomainError('InvalidRequest', `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
  return key;
}
