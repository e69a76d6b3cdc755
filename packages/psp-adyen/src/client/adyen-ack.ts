import type { DriverAck } from '@splitpay/domain';
import { outcomeOfStatus, transportAck } from '@splitpay/psp-http';
import type { AdyenResult } from './adyen.client';

export const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * Adyen's answer to an Idempotency-Key whose first request is still in progress: errorCode 704
 * ("request already processed or in progress"), on a 409 or a 422. Not a refusal: that first
 * request may yet make the payment or the modification.
 */
export const isInProgress = (result: AdyenResult): boolean => result.kind === 'answer' && (result.status === 409 || result.status === 422) && str(result.body.errorCode) === '704';

/** Adyen (or a gateway before it) answered "not now": 408 (the request not read in time) or 429 (rate limited); nothing was done. */
export const isNotNow = (result: AdyenResult): boolean => result.kind === 'answer' && (result.status === 408 || result.status === 429);

/**
 * The ack of a call: 2xx accepted; 5xx, no answer and a key still in progress (704) unknown (Adyen
 * may have acted: the retry carries the same Idempotency-Key); other statuses rejected, with Adyen's
 * errorCode and message.
 */
export function ackOf(result: AdyenResult): DriverAck {
  if (result.kind === 'transport') return transportAck(result);
  const { status, body } = result;
  const outcome = isInProgress(result) ? 'unknown' : outcomeOfStatus(status);
  const code = str(body.errorCode) ?? str(body.resultCode) ?? str(body.status);
  const message = str(body.message) ?? str(body.refusalReason);
  const providerRef = str(body.pspReference);
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(message ? { message } : {}), ...(providerRef ? { providerRef } : {}) };
}
