import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestContact, TestMerchant } from './merchants.fixture';

/** The service's requests as an in-process app or a URL (`ServiceHarness.app` or `.url`). */
export type RequestTarget = Parameters<typeof request>[0];

/** The dashboard's redirect URIs the service allows by default in tests (DASHBOARD_REDIRECT_URIS). */
export const DASHBOARD_CALLBACK = 'https://dashboard.example.test/callback';
export const OTHER_CALLBACK = 'http://localhost:3000/dashboard/callback';

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'dashboard',
    redirect_uri: DASHBOARD_CALLBACK,
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Signs a contact in through the login form; answers the code the redirect carries. */
export async function signIn(app: RequestTarget, who: TestContact, pkce: { challenge: string }, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const res = await request(app)
    .post('/oauth/authorize')
    .type('form')
    .send({ ...authorizeQuery(pkce.challenge, overrides), email: who.email, password: who.password });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  const code = new URL(res.headers.location as string).searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  return code;
}

export function exchangeCode(app: RequestTarget, code: string, verifier: string, overrides: Record<string, string | undefined> = {}) {
  const form = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: DASHBOARD_CALLBACK, client_id: 'dashboard', ...overrides };
  return request(app)
    .post('/oauth/token')
    .type('form')
    .send(Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)));
}

export function refresh(app: RequestTarget, refreshToken: string) {
  return request(app).post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dashboard' });
}

/** A client_credentials access token, not cached (`ServiceHarness.clientToken` caches). */
export async function clientToken(app: RequestTarget, merchant: TestMerchant): Promise<string> {
  const res = await request(app).post('/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: merchant.merchantId, client_secret: merchant.secret });
  if (res.status !== 200) throw new Error(`client_credentials answered ${res.status}`);
  return res.body.access_token as string;
}

/** A dashboard contact's access and refresh tokens, through the whole login: authorize form, code, PKCE exchange. */
export async function contactTokens(app: RequestTarget, who: TestContact): Promise<{ accessToken: string; refreshToken: string }> {
  const pkce = pkcePair();
  const code = await signIn(app, who, pkce);
  const res = await exchangeCode(app, code, pkce.verifier);
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}`);
  return { accessToken: res.body.access_token as string, refreshToken: res.body.refresh_token as string };
}
