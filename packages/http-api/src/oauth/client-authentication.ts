/** How a token request authenticated its client (RFC 6749 section 2.3.1). */
export type ClientAuthentication =
  | { readonly kind: 'basic'; readonly clientId: string; readonly clientSecret: string }
  | { readonly kind: 'body'; readonly clientId?: string; readonly clientSecret?: string }
  /** Unreadable, or Basic and body disagreeing: invalid_request. */
  | { readonly kind: 'invalid'; readonly description: string };

const BASIC = /^Basic ([A-Za-z0-9+/]+={0,2})$/i;

/**
 * Basic credentials are form-urlencoded before base64 (RFC 6749 section 2.3.1). Clients that skip
 * the encoding still work unless their secret holds `+` or a valid `%XX` sequence.
 */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Client id and secret from HTTP Basic or the form body, never both: a secret in both places, or a
 * body client_id other than the Basic one, is refused.
 */
export function clientAuthenticationOf(
  authorization: string | undefined,
  body: { readonly client_id?: string; readonly client_secret?: string },
): ClientAuthentication {
  if (authorization === undefined || authorization === '') {
    return { kind: 'body', ...(body.client_id ? { clientId: body.client_id } : {}), ...(body.client_secret ? { clientSecret: body.client_secret } : {}) };
  }
  const trimmed = authorization.trim();
  if (!/^Basic(\s|$)/i.test(trimmed)) return { kind: 'invalid', description: 'Only HTTP Basic client authentication is supported' };
  const match = BASIC.exec(trimmed);
  if (!match?.[1]) return { kind: 'invalid', description: 'The HTTP Basic credentials could not be read: base64 of the form-urlencoded client id, a colon and the secret is expected' };
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
  const clientSecret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
  if (clientId === undefined || clientSecret === undefined) return { kind: 'invalid', description: 'The HTTP Basic credentials could not be read: no colon between the client id and the secret' };
  if (body.client_secret !== undefined) return { kind: 'invalid', description: 'Client credentials sent both as HTTP Basic and in the body' };
  if (body.client_id !== undefined && body.client_id !== clientId) return { kind: 'invalid', description: 'client_id does not match the HTTP Basic credentials' };
  return { kind: 'basic', clientId, clientSecret };
}
