import { createHash, randomBytes } from 'node:crypto';
import type { ServiceHarness } from '../support/service-harness';
import type { TestMerchant } from '../support/merchants.fixture';

/** Test support of the webhook acceptance tests: merchants with webhook settings, a contact login, calls. */

export const WEBHOOK_AUTHORIZATION = 'Bearer  shop-pre-agreed:Webhook/Value==';
export const SIGNING_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
export const SHOP: TestMerchant = { merchantId: 'shop', secret: 'shop-client-secret' };
export const RIVAL: TestMerchant = { merchantId: 'rival', secret: 'rival-client-secret' };
export const SHOP_ADMIN = { email: 'ops@shop.test', password: 'shop-admin-password' };
export const RIVAL_ADMIN = { email: 'ops@rival.test', password: 'rival-admin-password' };
const DASHBOARD_CALLBACK = 'http://localhost:3000/dashboard/callback';

export function webhookMerchants(addresses: { readonly chargebackUrl?: string }): object {
  const contract = { method: 'card', provider: 'fake', partialRefunds: true };
  return {
    merchants: [
      {
        merchantId: SHOP.merchantId,
        secret: SHOP.secret,
        webhookAuthorization: WEBHOOK_AUTHORIZATION,
        webhookSigningSecret: SIGNING_SECRET,
        ...(addresses.chargebackUrl ? { chargebackUrl: addresses.chargebackUrl } : {}),
        contracts: [contract],
        contacts: [{ email: SHOP_ADMIN.email, password: SHOP_ADMIN.password, role: 'admin' }],
      },
      {
        merchantId: RIVAL.merchantId,
        secret: RIVAL.secret,
        webhookAuthorization: 'Bearer rival',
        contracts: [contract],
        contacts: [{ email: RIVAL_ADMIN.email, password: RIVAL_ADMIN.password, role: 'admin' }],
      },
    ],
  };
}

/** A dashboard contact's access token, through the real login: authorize form, code, PKCE exchange. */
export async function contactToken(h: ServiceHarness, who: { email: string; password: string }): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = await fetch(`${h.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      response_type: 'code',
      client_id: 'dashboard',
      redirect_uri: DASHBOARD_CALLBACK,
      state: 'webhooks-test',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      email: who.email,
      password: who.password,
    }).toString(),
  });
  if (authorize.status !== 302) throw new Error(`sign-in answered ${authorize.status}`);
  const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  const token = await fetch(`${h.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: DASHBOARD_CALLBACK, client_id: 'dashboard' }).toString(),
  });
  if (token.status !== 200) throw new Error(`code exchange answered ${token.status}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/** POST /api/sessions/{id}/notification with a bearer token (or none). */
export async function replay(h: ServiceHarness, sessionId: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${h.url}/api/sessions/${sessionId}/notification`, {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** The session's `notification` object as GET /api/sessions/{id} shows it to the merchant. */
export async function notificationOf(h: ServiceHarness, sessionId: string): Promise<Record<string, unknown> | undefined> {
  const res = await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}` } });
  if (res.status !== 200) throw new Error(`GET session answered ${res.status}`);
  return ((await res.json()) as { notification?: Record<string, unknown> }).notification;
}

/** A session the clock then expires: the worker ends it EXPIRED and owes its message to `notificationUrl`. */
export async function sessionThatExpires(h: ServiceHarness, notificationUrl: string | undefined, orderId = 'order-exp'): Promise<string> {
  const created = await h.createSession(
    { currency: 'EUR', total: 1_000, orderId, ttlMs: 1_000, methods: [{ method: 'card' }], ...(notificationUrl ? { notificationUrl } : {}) },
    SHOP,
  );
  return created.sessionId;
}

/** The JSON log lines of one event. */
export function logged(h: ServiceHarness, event: string): Record<string, unknown>[] {
  return h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === event);
}

/** Polls until `check` holds (real time: the fake PSP answers over HTTP). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
