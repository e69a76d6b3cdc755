import type { DriverAck } from '@splitpay/domain';
import { outcomeOfStatus, transportAck } from '@splitpay/psp-http';
import { firstError } from '../mapping/worldline-payment';
import type { WorldlineResult } from './worldline.client';

/** 401 and 403: Worldline refused our API key or its rights, not the operation (D143-b). */
export const KEY_REFUSED: readonly number[] = [401, 403];

/**
 * The ack of a call: 2xx accepted; 5xx, 409 (the same idempotency key still running) and no answer
 * unknown (Worldline may have acted: the retry carries the same key); 401 and 403 unknown too (our key
 * refused: an operator mends the contract and the retry goes through; the opening decides otherwise);
 * other statuses rejected, with Worldline's first error code and message.
 */
export function ackOf(result: WorldlineResult, providerRef?: string): DriverAck {
  if (result.kind === 'transport') return transportAck(result);
  const { status, body } = result;
  const outcome = outcomeOfStatus(status, [409, ...KEY_REFUSED]);
  const { code, message } = firstError(body.errors);
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(message ? { message } : {}), ...(providerRef ? { providerRef } : {}) };
}
