import type { ErrorCode } from '@splitpay/domain';
import { statusOf } from '../../errors/error-envelope';
import type { ResponseSpec } from '../operation';

/** Error envelopes as the doors answer them: branch on code, log the message. */

interface ErrorExample {
  readonly name: string;
  readonly summary: string;
  readonly value: { readonly code: ErrorCode; readonly message: string };
}

const example = (name: string, summary: string, code: ErrorCode, message: string): ErrorExample => ({ name, summary, value: { code, message } });

export const undeclaredProperty = example('undeclaredProperty', 'A property the door does not declare: the message names it', 'InvalidRequest', 'colour is not a declared property');
export const undeclaredQueryParameter = example(
  'undeclaredQueryParameter',
  'A query parameter the door does not declare (a read declares none; a repeated one is refused too): the message names it',
  'InvalidRequest',
  'query.expand is not a declared property',
);
export const foreignCursor = example('foreignCursor', 'A cursor that is not a nextCursor of this search (altered, or another search\'s)', 'InvalidRequest', 'cursor is not a nextCursor of this search');
export const unauthorized = example('unauthorized', 'Token absent, malformed or expired: one answer', 'Unauthorized', 'A valid access token is required');
export const notFound = example('notFound', "Unknown, or another merchant's: one answer", 'NotFound', 'Not found');
export const creationKeyConflict = example(
  'creationKeyConflict',
  'The idempotency-key of an earlier creation sent with another body',
  'IdempotencyKeyConflict',
  'The idempotency-key already names another session request',
);
export const exceedsRefundable = example('exceedsRefundable', '90.00 asked of a tranche with 40.00 left', 'RefundExceedsRefundable', 'The amount exceeds what remains refundable (4000)');

/** The responses with each error example added under its code's status (which must be described). */
export function withErrorExamples(responses: Record<string, ResponseSpec>, ...examples: readonly ErrorExample[]): Record<string, ResponseSpec> {
  const out = { ...responses };
  for (const { name, summary, value } of examples) {
    const status = String(statusOf(value.code));
    const answer = out[status];
    if (!answer) throw new Error(`no ${status} answer for ${value.code}`);
    out[status] = { ...answer, examples: { ...answer.examples, [name]: { summary, value } } };
  }
  return out;
}
