import { namesAnAddress, transportFailureMessage } from '@splitpay/domain';

/** What a transport cause keeps of a failure's message at most. */
export const CAUSE_MAX_LENGTH = 200;

const REDACTED = '[redacted]';

/** `text` with every occurrence of each of `secrets` replaced (empty ones ignored). */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((t, secret) => t.split(secret).join(REDACTED), text);
}

/**
 * What a failed call says, safe to log (no secret): the error's code and the first line of its
 * message, `secrets` redacted, at most 200 characters. An axios error also holds the request (its
 * headers with the credentials, its body with card or payer data), and some messages quote it over
 * several lines: only this much is kept. Without code or message: "no answer from {provider}".
 */
export function transportCause(error: unknown, callee: { readonly provider: string; readonly secrets: readonly string[] }): string {
  const text = [codeOf(error), firstLineOf(error)].filter((part) => part).join(': ');
  return redact(text, callee.secrets).slice(0, CAUSE_MAX_LENGTH) || `no answer from ${callee.provider}`;
}

/** An error code as Node and axios write them (`ECONNREFUSED`, `ERR_BAD_RESPONSE`): it names no host. */
const PLAIN_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * What a failed call says to merchants (the transaction's ack message, served by the API): its error
 * code and what it means, never the message's text, which names the PSP's address (`connect
 * ECONNREFUSED 10.0.0.7:443`, `getaddrinfo ENOTFOUND psp.internal`): the log line keeps that
 * (transportCause). Without a code, the message's first line if it names no address, else "no
 * answer from {provider}".
 */
export function transportMessage(error: unknown, callee: { readonly provider: string; readonly secrets: readonly string[] }): string {
  const code = codeOf(error);
  if (code !== undefined && PLAIN_CODE.test(code)) return transportFailureMessage(code, callee.provider);
  const line = redact(firstLineOf(error), callee.secrets).slice(0, CAUSE_MAX_LENGTH);
  return line && !namesAnAddress(line) ? line : `no answer from ${callee.provider}`;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
}

function firstLineOf(error: unknown): string {
  return (error instanceof Error ? error.message : '').split('\n')[0] ?? '';
}
