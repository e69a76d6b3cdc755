import { randomToken, s256Challenge } from './pkce';
import { DASHBOARD_CLIENT_ID, type TokenClient, type TokenSet } from './token-client';

/** The part of Web Storage the flow uses (sessionStorage in the page). */
export interface PendingStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The state and verifier must survive the trip to the sign-in form, so they wait in this tab's
 * sessionStorage until the callback reads them once. Tokens never go there.
 */
export const PENDING_KEY = 'splitpay.dashboard.pending-sign-in';

interface PendingSignIn {
  readonly state: string;
  readonly verifier: string;
  /** The dashboard view to come back to (its hash). */
  readonly returnTo: string;
}

/** `base` is the service's address (service-base.ts): the origin, and PUBLIC_BASE_URL's path if any. */
export const callbackUri = (base: string): string => `${base}/dashboard/callback`;

/** Starts the authorization code flow with PKCE S256: answers where to send the browser. */
export async function beginSignIn(input: { readonly store: PendingStore; readonly base: string; readonly returnTo: string; readonly locale?: string }): Promise<string> {
  const pending: PendingSignIn = { state: randomToken(), verifier: randomToken(), returnTo: input.returnTo };
  input.store.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DASHBOARD_CLIENT_ID,
    redirect_uri: callbackUri(input.base),
    state: pending.state,
    code_challenge: await s256Challenge(pending.verifier),
    code_challenge_method: 'S256',
    // The sign-in form speaks the dashboard's language (OpenID Connect's parameter for it).
    ...(input.locale ? { ui_locales: input.locale } : {}),
  });
  return `${input.base}/oauth/authorize?${query.toString()}`;
}

export type SignInOutcome =
  | { readonly kind: 'signed-in'; readonly tokens: TokenSet; readonly returnTo: string }
  /** `returnTo`: the view the sign-in started from ('' when unknown), so a new try can return there. */
  | { readonly kind: 'failed'; readonly reason: 'no-pending' | 'state-mismatch' | 'denied' | 'exchange-refused' | 'unreachable'; readonly returnTo: string };

function takePending(store: PendingStore): PendingSignIn | undefined {
  const raw = store.getItem(PENDING_KEY);
  store.removeItem(PENDING_KEY);
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<PendingSignIn>;
    if (typeof parsed.state !== 'string' || typeof parsed.verifier !== 'string') return undefined;
    return { state: parsed.state, verifier: parsed.verifier, returnTo: typeof parsed.returnTo === 'string' ? parsed.returnTo : '' };
  } catch {
    return undefined;
  }
}

/**
 * Completes the sign-in at /dashboard/callback: the state must be the one this tab sent (else the
 * code is never exchanged), then the code and verifier buy the tokens. The pending sign-in is
 * spent whatever happens.
 */
export async function completeSignIn(query: URLSearchParams, input: { readonly store: PendingStore; readonly base: string; readonly tokens: TokenClient }): Promise<SignInOutcome> {
  const pending = takePending(input.store);
  if (!pending) return { kind: 'failed', reason: 'no-pending', returnTo: '' };
  const { returnTo } = pending;
  if (query.get('state') !== pending.state) return { kind: 'failed', reason: 'state-mismatch', returnTo };
  const code = query.get('code');
  if (query.has('error') || !code) return { kind: 'failed', reason: 'denied', returnTo };
  const result = await input.tokens.exchangeCode({ code, verifier: pending.verifier, redirectUri: callbackUri(input.base) });
  switch (result.kind) {
    case 'tokens':
      return { kind: 'signed-in', tokens: result.tokens, returnTo };
    case 'refused':
      return { kind: 'failed', reason: 'exchange-refused', returnTo };
    case 'unreachable':
      return { kind: 'failed', reason: 'unreachable', returnTo };
  }
}
