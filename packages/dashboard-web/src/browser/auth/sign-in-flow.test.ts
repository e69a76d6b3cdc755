import { beginSignIn, completeSignIn, PENDING_KEY, type PendingStore } from './sign-in-flow';
import { s256Challenge } from './pkce';
import { TokenClient } from './token-client';

class MemoryStore implements PendingStore {
  readonly items = new Map<string, string>();
  getItem = (key: string): string | null => this.items.get(key) ?? null;
  setItem = (key: string, value: string): void => void this.items.set(key, value);
  removeItem = (key: string): void => void this.items.delete(key);
}

const ORIGIN = 'https://pay.example';

/** A token endpoint that records the form it was sent. */
function tokenEndpoint(status = 200) {
  const forms: URLSearchParams[] = [];
  const fetcher = (async (_url: unknown, init?: RequestInit) => {
    forms.push(new URLSearchParams(String(init?.body)));
    const body = status === 200 ? { access_token: 'at', refresh_token: 'rt', expires_in: 3600, token_type: 'Bearer' } : { error: 'invalid_grant' };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { forms, client: new TokenClient(fetcher) };
}

async function started(store: MemoryStore, locale?: string) {
  const url = new URL(await beginSignIn({ store, base: ORIGIN, returnTo: '#/sessions/x', ...(locale ? { locale } : {}) }), ORIGIN);
  return url.searchParams;
}

describe('dashboard sign-in (authorization code with PKCE S256)', () => {
  it('sends the public client to the authorize door with an S256 challenge of the verifier it keeps', async () => {
    const store = new MemoryStore();
    const query = await started(store);
    const pending = JSON.parse(store.getItem(PENDING_KEY) ?? '{}') as { state: string; verifier: string };
    expect(Object.fromEntries(query)).toEqual({
      response_type: 'code',
      client_id: 'dashboard',
      redirect_uri: `${ORIGIN}/dashboard/callback`,
      state: pending.state,
      code_challenge: await s256Challenge(pending.verifier),
      code_challenge_method: 'S256',
    });
  });

  it("asks for the sign-in form in the dashboard's language", async () => {
    expect((await started(new MemoryStore(), 'fr')).get('ui_locales')).toBe('fr');
  });

  it('exchanges the code with the verifier when the state comes back unchanged, once', async () => {
    const store = new MemoryStore();
    const query = await started(store);
    const { verifier } = JSON.parse(store.getItem(PENDING_KEY) ?? '{}') as { verifier: string };
    const endpoint = tokenEndpoint();
    const outcome = await completeSignIn(new URLSearchParams({ code: 'the-code', state: query.get('state') ?? '' }), { store, base: ORIGIN, tokens: endpoint.client });
    expect(outcome).toEqual({ kind: 'signed-in', tokens: { accessToken: 'at', refreshToken: 'rt', expiresInS: 3600 }, returnTo: '#/sessions/x' });
    expect(Object.fromEntries(endpoint.forms[0] ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: verifier,
      redirect_uri: `${ORIGIN}/dashboard/callback`,
      client_id: 'dashboard',
    });
    expect(store.getItem(PENDING_KEY)).toBeNull();
  });

  it('never exchanges a code whose state this tab did not send', async () => {
    const store = new MemoryStore();
    await started(store);
    const endpoint = tokenEndpoint();
    const outcome = await completeSignIn(new URLSearchParams({ code: 'the-code', state: 'forged' }), { store, base: ORIGIN, tokens: endpoint.client });
    expect(outcome).toEqual({ kind: 'failed', reason: 'state-mismatch', returnTo: '#/sessions/x' });
    expect(endpoint.forms).toHaveLength(0);
    expect(store.getItem(PENDING_KEY)).toBeNull();
  });

  it('fails without a pending sign-in, on an error answer, and on a refused exchange', async () => {
    const endpoint = tokenEndpoint(400);
    expect(await completeSignIn(new URLSearchParams({ code: 'c', state: 's' }), { store: new MemoryStore(), base: ORIGIN, tokens: endpoint.client })).toEqual({ kind: 'failed', reason: 'no-pending', returnTo: '' });
    const store = new MemoryStore();
    let state = (await started(store)).get('state') ?? '';
    expect(await completeSignIn(new URLSearchParams({ error: 'invalid_request', state }), { store, base: ORIGIN, tokens: endpoint.client })).toEqual({ kind: 'failed', reason: 'denied', returnTo: '#/sessions/x' });
    state = (await started(store)).get('state') ?? '';
    expect(await completeSignIn(new URLSearchParams({ code: 'c', state }), { store, base: ORIGIN, tokens: endpoint.client })).toEqual({ kind: 'failed', reason: 'exchange-refused', returnTo: '#/sessions/x' });
  });

  it('answers the view the sign-in started from when the token door cannot be reached, so the next try returns there', async () => {
    const store = new MemoryStore();
    const state = (await started(store)).get('state') ?? '';
    const unreachable = new TokenClient((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(await completeSignIn(new URLSearchParams({ code: 'c', state }), { store, base: ORIGIN, tokens: unreachable })).toEqual({ kind: 'failed', reason: 'unreachable', returnTo: '#/sessions/x' });
  });

  it('keeps the service path of PUBLIC_BASE_URL: the authorize door, the callback and the token door are under it', async () => {
    const base = `${ORIGIN}/checkout`;
    const store = new MemoryStore();
    const authorize = new URL(await beginSignIn({ store, base, returnTo: '' }));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/oauth/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/dashboard/callback`);
    const urls: string[] = [];
    const fetcher = (async (url: unknown, init?: RequestInit) => {
      urls.push(String(url));
      expect(new URLSearchParams(String(init?.body)).get('redirect_uri')).toBe(`${base}/dashboard/callback`);
      return new Response(JSON.stringify({ access_token: 'at', refresh_token: 'rt', expires_in: 3600 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const outcome = await completeSignIn(new URLSearchParams({ code: 'c', state: authorize.searchParams.get('state') ?? '' }), { store, base, tokens: new TokenClient(fetcher, base) });
    expect(outcome.kind).toBe('signed-in');
    expect(urls).toEqual([`${base}/oauth/token`]);
  });
});
