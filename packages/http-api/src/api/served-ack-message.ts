import { isTransportFailureCode, namesAnAddress, transportFailureMessage, type Transaction } from '@splitpay/domain';

type Ack = NonNullable<Transaction['ack']>;

/** A leading error code as Node and axios write them (`ECONNREFUSED: ...`, `ERR_BAD_RESPONSE: ...`). */
const LEADING_CODE = /^([A-Z][A-Z0-9_]{0,63}):/;

/** What psp-http writes now for a transport failure (D114-d): served as stored. */
const CURRENT_FORM = /^[A-Z][A-Z0-9_]{0,63}: no answer from [^\n:]{1,80} \([a-z ]{1,40}\)$/;

/**
 * The ack message merchants read. A transport failure's (no HTTP status) stored before transport
 * messages named no address says `connect ECONNREFUSED 10.0.0.7:443` or `getaddrinfo ENOTFOUND
 * egress-proxy` (a host without a dot): such a message, one led by a network error code in any form
 * but the current one or one naming an address, is served as its code and what it means only, or "no
 * answer from the PSP" without a code (docs/decisions.md D118). A message naming no address that no
 * network code leads (a PSP's refusal, a driver's own), and any message beside an HTTP status, is
 * served as stored.
 */
export function servedAckMessage(ack: Ack): string | undefined {
  const message = ack.message;
  if (message === undefined || ack.httpStatus !== undefined || (CURRENT_FORM.test(message) && !namesAnAddress(message))) return message;
  const code = LEADING_CODE.exec(message)?.[1];
  if (code !== undefined && (isTransportFailureCode(code) || namesAnAddress(message))) return transportFailureMessage(code, 'the PSP');
  return namesAnAddress(message) ? 'no answer from the PSP' : message;
}
