import { validator } from '../schemas/validate';
import { refundRequestSchema } from './refund-request.schema';

export interface RefundBody {
  readonly amount?: number;
  readonly extraData?: string;
}

const validateRefundBody = validator<RefundBody>(refundRequestSchema, 'body');

/** An absent body counts as {}. */
export function readRefundBody(body: unknown): RefundBody {
  return validateRefundBody(body ?? {});
}
