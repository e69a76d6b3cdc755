import { contactTokens } from '../support/dashboard-login';
import { SHOP, type TestContact } from '../support/merchants.fixture';
import type { ServiceHarness } from '../support/service-harness';

/** Test support of the webhook acceptance tests: merchants with webhook settings, a contact login, calls. */

export { RIVAL, RIVAL_ADMIN, SHOP, SHOP_ADMIN, SIGNING_SECRET, WEBHOOK_AUTHORIZATION, webhookMerchants } from '../support/merchants.fixture';

/** A dashboard contact's access token, through the real login: authorize form, code, PKCE exchange. */
export async function contactToken(h: ServiceHarness, who: TestContact): Promise<string> {
  return (await contactTokens(h.app, who)).accessToken;
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
