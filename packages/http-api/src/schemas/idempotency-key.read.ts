import type { Request } from 'express';
import { DomainError } from '@splitpay/domain';

/** The idempotency-key header of the session creation and the attempt and transaction refund doors. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;

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
