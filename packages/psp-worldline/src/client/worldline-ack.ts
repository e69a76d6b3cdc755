import type { DriverAck } from '@splitpay/domain';
import { firstError } from '../mapping/worldline-payment';
import type { WorldlineResult } from './worldline.client';

/**
 * The ack of a call: 2xx accepted; 5xx, 409 (the same idempotency key still running) and no answer
 * unknown (Worldline may have acted: the retry carries the same key); other statuses rejected, with
 * Worldline's first error code and message.
 */
export function ackOf(result: WorldlineResult, providerRef?: string): DriverAck {
  if (result.kind === 'transport') return { outcome: 'unknown', message: result.message };
  const { status, body } = result;
  const outcome = status >= 200 && status < 300 ? 'accepted' : status >= 500 || status === 409 ? 'unknown' : 'rejected';
  const { code, message } = firstError(body.errors);
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(message ? { message } : {}), ...(providerRef ? { providerRef } : {}) };
}
