/**
 * How a PSP call that got no HTTP answer is told to merchants (a transaction's ack message): its
 * error code and what the code means, never the PSP's address (docs/decisions.md D114-d, D118-a).
 * Written by the drivers' HTTP layer (psp-http) and applied again when the API serves a message
 * stored before that rule.
 */

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

/** An IPv4 or bracketed IPv6 address, a port after a colon, a URL, a dotted host name, a path or a stack frame. */
const ADDRESS = /\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]*\]|:\d{1,5}\b|[a-z][a-z0-9+.-]*:\/\/|[a-z0-9-]+(\.[a-z0-9-]+)+|(^|\s)\/[^\s]|\n|\bat\s+\S+\s+\(/i;

/** Whether `code` is a network error code this rule knows (`ECONNREFUSED`, `ENOTFOUND`...). */
export function isTransportFailureCode(code: string): boolean {
  return Object.hasOwn(CODE_MEANINGS, code);
}

/** The codes of a call that waited out its timeout (axios writes ECONNABORTED, Node ETIMEDOUT). */
const TIMEOUT_CODES: readonly string[] = ['ECONNABORTED', 'ETIMEDOUT'];

/**
 * Whether a call's ack says it waited out its timeout: an unknown outcome without HTTP answer whose
 * message starts with a timeout code (`transportFailureMessage`). A connection refused at once, a
 * host not found or an answered 5xx spent no timeout.
 */
export function timedOut(ack: { readonly outcome: string; readonly httpStatus?: number; readonly message?: string }): boolean {
  if (ack.outcome !== 'unknown' || ack.httpStatus !== undefined) return false;
  const code = /^([A-Z][A-Z0-9_]*):/.exec(ack.message ?? '')?.[1];
  return code !== undefined && TIMEOUT_CODES.includes(code);
}

/** Whether `text` names an address, a path or a stack frame, which merchants are never shown. */
export function namesAnAddress(text: string): boolean {
  return ADDRESS.test(text);
}

/** A transport failure as merchants read it: `ECONNREFUSED: no answer from the PSP (connection refused)`. */
export function transportFailureMessage(code: string, provider: string): string {
  return `${code}: no answer from ${provider} (${CODE_MEANINGS[code] ?? 'the call failed'})`;
}
