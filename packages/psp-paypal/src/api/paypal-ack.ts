import type { DriverAck } from '@splitpay/domain';
import { outcomeOfStatus, transportAck } from '@splitpay/psp-http';
import type { PayPalAnswer } from './paypal.client';
import { errorCode, readPayPalError } from './paypal-error';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The ack of a call: 2xx accepted (code: the resource's status, providerRef: its id); 5xx, 408, 429,
 * 409 (RESOURCE_CONFLICT: the same PayPal-Request-Id still in progress) and no answer unknown (PayPal
 * may have acted, or will on the retry of the same PayPal-Request-Id); other statuses
 * rejected with PayPal's issue as code and its description plus debug_id as message. A contract
 * whose credentials or permissions PayPal refuses (401 even with a fresh token, 403) is `unknown`
 * here: an operator fixes the contract and the retry succeeds; the opening call decides otherwise.
 */
export function ackOf(answer: PayPalAnswer): DriverAck {
  if (answer.kind === 'transport') return transportAck(answer);
  if (answer.kind === 'credentials') return { outcome: 'unknown', httpStatus: answer.status, code: 'AUTHENTICATION_FAILURE', message: answer.message };
  const { status, body } = answer;
  // 401 and 403 say our credentials or the app's permissions are wrong, not that the operation is;
  // 409 that a call with the same PayPal-Request-Id is still being processed.
  const outcome = outcomeOfStatus(status, [401, 403, 409]);
  if (outcome === 'accepted') {
    const code = text(body.status);
    const providerRef = text(body.id);
    return { outcome: 'accepted', httpStatus: status, ...(code ? { code } : {}), ...(providerRef ? { providerRef } : {}) };
  }
  const error = readPayPalError(body);
  const code = errorCode(error);
  const message = error.message !== undefined || error.debugId !== undefined ? [error.message, error.debugId && `debug_id ${error.debugId}`].filter(Boolean).join('; ') : undefined;
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

/** The issue PayPal named in a 4xx answer (`details[0].issue`), if the answer is one. */
export function issueOf(answer: PayPalAnswer): string | undefined {
  return answer.kind === 'answer' && answer.status >= 400 && answer.status < 500 ? readPayPalError(answer.body).issue : undefined;
}
