/**
 * PUBLIC_BASE_URL as the issuer identifier (RFC 8414 section 2): an absolute http(s) URL, which may
 * carry a path (the service behind a proxy that strips it), without query, fragment or credentials.
 * Trailing slashes are dropped so that `${base}/oauth/token` never holds `//`. Answers the URL or
 * the problem, worded for the start-up error.
 */
export function parsePublicBaseUrl(raw: string): { readonly url: string } | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `PUBLIC_BASE_URL must be an absolute http or https URL, got ${raw}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `PUBLIC_BASE_URL must use http or https, got ${raw}` };
  // A bare `?` or `#` leaves search and hash empty, so the raw text is what is checked.
  if (raw.includes('?') || raw.includes('#')) {
    return { problem: `PUBLIC_BASE_URL must not carry a query or a fragment (it is the OAuth issuer, RFC 8414 section 2), got ${raw}` };
  }
  if (url.username || url.password) return { problem: 'PUBLIC_BASE_URL must not carry credentials' };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
