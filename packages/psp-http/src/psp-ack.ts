import type { DriverAck } from '@splitpay/domain';

/** No answer at all: the PSP may have acted, so the ack is unknown (the verdict is looked up or the call retried with the same key). */
export function transportAck(failure: { readonly message: string }): DriverAck {
  return { outcome: 'unknown', message: failure.message };
}

/**
 * What an HTTP status says of a call: 2xx accepted; 5xx unknown (the PSP may have acted); other
 * statuses rejected, except those the provider documents as "maybe acted" (`unknownToo`).
 */
export function outcomeOfStatus(status: number, unknownToo: readonly number[] = []): DriverAck['outcome'] {
  if (status >= 200 && status < 300) return 'accepted';
  return status >= 500 || unknownToo.includes(status) ? 'unknown' : 'rejected';
}
