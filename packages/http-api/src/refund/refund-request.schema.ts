import { MAX_INTEGER } from '../schemas/common.schema';
import { named } from '../schemas/json-schema';
import { plainText } from '../schemas/plain-text.schema';

/** Body of the attempt and transaction refund doors: send {} or omit amount for a full refund. */
export const refundRequestSchema = named('RefundRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: { type: 'integer', minimum: 1, maximum: MAX_INTEGER, description: 'minor units; absent: everything that remains refundable' },
    extraData: plainText({ minLength: 1, maxLength: 255, description: 'reconciliation tag, echoed verbatim on the refund transaction' }),
  },
});
