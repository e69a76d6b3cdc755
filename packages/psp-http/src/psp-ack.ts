import type { DriverAck } from '@splitpay/domain';

/** No answer at all: the PSP may have acted, so the ack is unknown (the verdict is looked up or the call retried with the same key). */
export function transportAck(failure: { readonly message: string }): DriverAck {
  return { outcome: 'unknown', message: failure.message };
}

/**
 * 408 (the request was not read in time) and 429 (rate limited), whoever answers them (the PSP or a
 * gateway before it): "not now", never a verdict on the operation.
 */
const NOT_NOW: readonly number[] = [408, 429];

/**
 * What an HTTP status says of a call: 2xx accepted; 5xx, 408 and 429 unknown (the PSP may have acted,
 * or will act on a retry); other statuses rejected, except those the provider documents as "maybe
 * acted" (`unknownToo`).
 */
export function outcomeOfStatus(status: number, unknownToo: readonly number[] = []): DriverAck['outcome'] {
  if (status >= 200 && status < 300) return 'accepted';
  return status >= 500 || NOT_NOW.includes(status) || unknownToo.includes(status) ? 'unknown' : 'rejected';
}
