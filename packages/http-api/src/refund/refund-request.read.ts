import { validator } from '../schemas/validate';
import { refundRequestSchema, sessionRefundRequestSchema } from './refund-request.schema';

export interface RefundBody {
  readonly amount?: number;
  readonly extraData?: string;
}

const validateRefundBody = validator<RefundBody>(refundRequestSchema, 'body');

/** An absent body counts as {}. */
export function readRefundBody(body: unknown): RefundBody {
  return validateRefundBody(body ?? {});
}

export interface SessionRefundBody {
  readonly amount?: number;
}

const validateSessionRefundBody = validator<SessionRefundBody>(sessionRefundRequestSchema, 'body');

/** The whole session's door: an absent body counts as {} (refund whatever remains). */
export function readSessionRefundBody(body: unknown): SessionRefundBody {
  return validateSessionRefundBody(body ?? {});
}
