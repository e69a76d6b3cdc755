import type { DriverAck } from '@splitpay/domain';
import { outcomeOfStatus, transportAck } from '@splitpay/psp-http';
import type { AdyenResult } from './adyen.client';

export const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * The ack of a call: 2xx accepted; 5xx and no answer unknown (Adyen may have acted: the retry
 * carries the same Idempotency-Key); other statuses rejected, with Adyen's errorCode and message.
 */
export function ackOf(result: AdyenResult): DriverAck {
  if (result.kind === 'transport') return transportAck(result);
  const { status, body } = result;
  const outcome = outcomeOfStatus(status);
  const code = str(body.errorCode) ?? str(body.resultCode) ?? str(body.status);
  const message = str(body.message) ?? str(body.refusalReason);
  const providerRef = str(body.pspReference);
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(message ? { message } : {}), ...(providerRef ? { providerRef } : {}) };
}
