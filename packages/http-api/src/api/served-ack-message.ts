import { namesAnAddress, transportFailureMessage, type Transaction } from '@splitpay/domain';

type Ack = NonNullable<Transaction['ack']>;

/** A leading error code as Node and axios write them (`ECONNREFUSED: ...`, `ERR_BAD_RESPONSE: ...`). */
const LEADING_CODE = /^([A-Z][A-Z0-9_]{0,63}):/;

/**
 * The ack message merchants read. A transport failure's (no HTTP status) stored before transport
 * messages named no address still says `connect ECONNREFUSED 10.0.0.7:443`: such a message is served
 * as its code and what it means only, or "no answer from the PSP" without a code (docs/decisions.md
 * D118). A message naming no address, and any message beside an HTTP status, is served as stored.
 */
export function servedAckMessage(ack: Ack): string | undefined {
  const message = ack.message;
  if (message === undefined || ack.httpStatus !== undefined || !namesAnAddress(message)) return message;
  const code = LEADING_CODE.exec(message)?.[1];
  return code === undefined ? 'no answer from the PSP' : transportFailureMessage(code, 'the PSP');
}
