/**
 * A credential's name and its value as configuration, query strings, headers and JSON write them:
 * `password=…`, `api_key=…`, `X-API-Key: …`, `"client_secret":"…"` (D158-d). The name ends with a
 * credential's word (`client_secret`, `access_token`, `X-API-Key`, not `token_type` nor `tokens`) and
 * starts a word that does not continue a path or a colon-separated name (`oauth:token:client` is a
 * counter's name). The value is a quoted string, or runs to a space, a quote or a query string's `&`;
 * one already hidden (`[redacted…]`) is left.
 */
const PAIR =
  /(?<![\w:./-])((["']?)(?:[A-Za-z][\w-]*?)?(?:password|passwd|passphrase|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|pwd)\2\s*[:=]\s*)(?:(["'])(?!\[redacted)([^"']+)\3|(?!\[redacted)([^\s"'&]+))/gi;

/** A URL's password: `scheme://user:password@host` (a database or broker address in an error). */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)([^\s/@]+)(?=@)/gi;

/** Whether `text` writes a credential's value after its name, or a password in a URL. */
export function writesCredentialPair(text: string): boolean {
  return new RegExp(PAIR.source, 'i').test(text) || new RegExp(URL_PASSWORD.source, 'i').test(text);
}

/** `text` with each credential's value, and a URL's password, replaced by `[redacted]`, its name kept. */
export function withoutCredentialValues(text: string): string {
  return text
    .replace(PAIR, (_pair: string, name: string, _nameQuote: string, valueQuote: string | undefined) =>
      valueQuote ? `${name}${valueQuote}[redacted]${valueQuote}` : `${name}[redacted]`,
    )
    .replace(URL_PASSWORD, '$1[redacted]');
}
