/** What a transport cause keeps of a failure's message at most. */
export const CAUSE_MAX_LENGTH = 200;

const REDACTED = '[redacted]';

/** `text` with every occurrence of each of `secrets` replaced (empty ones ignored). */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((t, secret) => t.split(secret).join(REDACTED), text);
}

/**
 * What a failed call says, safe to log and store: the error's code and the first line of its
 * message, `secrets` redacted, at most 200 characters. An axios error also holds the request (its
 * headers with the credentials, its body with card or payer data), and some messages quote it over
 * several lines: only this much is kept. Without code or message: "no answer from {provider}".
 */
export function transportCause(error: unknown, callee: { readonly provider: string; readonly secrets: readonly string[] }): string {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const line = (error instanceof Error ? error.message : '').split('\n')[0] ?? '';
  const text = [code, line].filter((part) => part).join(': ');
  return redact(text, callee.secrets).slice(0, CAUSE_MAX_LENGTH) || `no answer from ${callee.provider}`;
}
