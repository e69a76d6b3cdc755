import { retryAfterMs as retryAfterMsOf } from './retry-after';

/** What the token endpoint gives the dashboard: held in memory only, never stored. */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds the access token lives from now. */
  readonly expiresInS: number;
}

/**
 * The token endpoint's refusal (`invalid_grant`...) or a failure to reach it. Unreachable includes the
 * endpoint saying "not now" (429 or 5xx): the grant was not judged, so it is tried again, not given up;
 * `retryAfterMs` is its Retry-After when it sent one.
 */
export type TokenResult =
  | { readonly kind: 'tokens'; readonly tokens: TokenSet }
  | { readonly kind: 'refused'; readonly error: string }
  | { readonly kind: 'unreachable'; readonly retryAfterMs?: number };

export const DASHBOARD_CLIENT_ID = 'dashboard';

async function postForm(fetcher: typeof fetch, now: () => number, url: string, params: Record<string, string>): Promise<TokenResult> {
  let res: Response;
  try {
    res = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 429 || res.status >= 500) {
    const retryAfterMs = retryAfterMsOf(res.headers.get('retry-after'), now());
    return retryAfterMs === undefined ? { kind: 'unreachable' } : { kind: 'unreachable', retryAfterMs };
  }
  if (res.status !== 200 || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string' || typeof body.expires_in !== 'number') {
    return { kind: 'refused', error: typeof body.error === 'string' ? body.error : `status ${res.status}` };
  }
  return { kind: 'tokens', tokens: { accessToken: body.access_token, refreshToken: body.refresh_token, expiresInS: body.expires_in } };
}

/** POST /oauth/token for the public client `dashboard` (no secret: PKCE proves the caller). */
export class TokenClient {
  constructor(
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    /** The service's address (service-base.ts); '' calls the page's own origin. */
    private readonly base = '',
    /** The clock a Retry-After date is read against. */
    private readonly now: () => number = () => Date.now(),
  ) {}

  exchangeCode(input: { readonly code: string; readonly verifier: string; readonly redirectUri: string }): Promise<TokenResult> {
    return postForm(this.fetcher, this.now, `${this.base}/oauth/token`, {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri,
      client_id: DASHBOARD_CLIENT_ID,
    });
  }

  /**
   * Sign-out: the service revokes the refresh token's whole family (POST /oauth/revoke). Sent with
   * keepalive so it is not cancelled when the page goes away; a failure changes nothing here (the
   * tokens are already forgotten, and the family lapses with its last token).
   */
  revoke(refreshToken: string): Promise<void> {
    return this.fetcher(`${this.base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: DASHBOARD_CLIENT_ID }).toString(),
      credentials: 'omit',
      cache: 'no-store',
      keepalive: true,
    }).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Rotates: the answer carries a new refresh token and the one presented is spent. */
  refresh(refreshToken: string): Promise<TokenResult> {
    return postForm(this.fetcher, this.now, `${this.base}/oauth/token`, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DASHBOARD_CLIENT_ID });
  }
}
