import { MAX_INTEGER } from '../schemas/common.schema';
import { named } from '../schemas/json-schema';
import { plainText } from '../schemas/plain-text.schema';

const amount = { type: 'integer', minimum: 1, maximum: MAX_INTEGER } as const;

/**
 * Body of the whole session's refund door, optional (the contract's door takes none, D121-b): the
 * whole the caller confirmed, refused unless it is exactly what remains.
 */
export const sessionRefundRequestSchema = named('SessionRefundRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: { ...amount, description: 'minor units: the whole the caller saw and confirmed; absent: whatever remains' },
  },
});

/** Body of the attempt and transaction refund doors: send {} or omit amount for a full refund. */
export const refundRequestSchema = named('RefundRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: { ...amount, description: 'minor units; absent: everything that remains refundable' },
    extraData: plainText({ minLength: 1, maxLength: 255, description: 'reconciliation tag, echoed verbatim on the refund transaction' }),
  },
});
