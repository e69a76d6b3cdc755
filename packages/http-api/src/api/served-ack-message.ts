import type { Transaction } from '@splitpay/domain';

type Ack = NonNullable<Transaction['ack']>;

/** What the common network error codes mean, in words. */
const CODE_MEANINGS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'timed out',
  ETIMEDOUT: 'timed out',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name not resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
};

/** A leading error code as Node and axios write them (`ECONNREFUSED: ...`, `ERR_BAD_RESPONSE: ...`). */
const LEADING_CODE = /^([A-Z][A-Z0-9_]{0,63}):/;

/** An IPv4 or bracketed IPv6 address, a port after a colon, a URL, a dotted host name, a path or a stack frame. */
const ADDRESS = /\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]*\]|:\d{1,5}\b|[a-z][a-z0-9+.-]*:\/\/|[a-z0-9-]+(\.[a-z0-9-]+)+|(^|\s)\/[^\s]|\n|\bat\s+\S+\s+\(/i;

/**
 * The ack message merchants read. A transport failure's (no HTTP status) stored before transport
 * messages named no address still says `connect ECONNREFUSED 10.0.0.7:443`: such a message is served
 * as its code and what it means only, or "no answer from the PSP" without a code (docs/decisions.md
 * D118). A message naming no address, and any message beside an HTTP status, is served as stored.
 */
export function servedAckMessage(ack: Ack): string | undefined {
  const message = ack.message;
  if (message === undefined || ack.httpStatus !== undefined || !ADDRESS.test(message)) return message;
  const code = LEADING_CODE.exec(message)?.[1];
  return code === undefined ? 'no answer from the PSP' : `${code}: no answer from the PSP (${CODE_MEANINGS[code] ?? 'the call failed'})`;
}
