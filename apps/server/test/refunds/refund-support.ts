import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { REFUND_REFUSALS, type Session, type SessionId } from '@splitpay/domain';
import { buildOpenApiDocument, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { contactTokens } from '../support/dashboard-login';
import { pressFakePspButton, type Answer } from '../support/elements-client';
import { refundMerchants, SHOP, SHOP_ADMIN, type TestMerchant } from '../support/merchants.fixture';
import { startService, type ServiceHarness, type ServiceHarnessOptions } from '../support/service-harness';

/** Test support of the refund doors: merchants with a dashboard contact, PAID sessions over HTTP, refund calls. */

export { RIVAL, SHOP_ADMIN } from '../support/merchants.fixture';

export interface RefundHarness extends ServiceHarness {
  /** The dashboard contact's access token (authorization code flow with PKCE). */
  contactToken(): Promise<string>;
}

/** One instance with the refund merchants; `options` lets several instances share one store, clock and keys. */
export async function startRefundService(options: Omit<ServiceHarnessOptions, 'merchants'> = {}): Promise<RefundHarness> {
  const h = await startService({ ...options, merchants: refundMerchants(), env: { FAKE_PSP_DELAY_MS: '10', ...options.env } });
  let contact: string | undefined;
  return Object.assign(h, {
    async contactToken() {
      contact ??= (await contactTokens(h.app, SHOP_ADMIN)).accessToken;
      return contact;
    },
  });
}

/** Every answer of these tests is checked against the service's OpenAPI document. */
const openApi = buildOpenApiDocument();

async function call(method: string, url: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<Record<string, unknown>>> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  expectResponseMatchesOpenApi(openApi, method, new URL(url).pathname, { status: res.status, headers: Object.fromEntries(res.headers), body: parsed, text });
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface RefundCall {
  readonly token?: string;
  readonly body?: unknown;
  readonly idempotencyKey?: string;
}

/** The three refund doors, over real HTTP. */
export function refundDoors(h: ServiceHarness) {
  const post = (path: string, c: RefundCall) =>
    call('POST', `${h.url}${path}`, c.token, c.body, c.idempotencyKey !== undefined ? { 'idempotency-key': c.idempotencyKey } : {});
  return {
    session: (sessionId: string, c: RefundCall) => post(`/api/sessions/${sessionId}/refund`, c),
    attempt: (attemptId: string, c: RefundCall) => post(`/api/attempts/${attemptId}/refund`, c),
    transaction: (transactionId: string, c: RefundCall) => post(`/api/transactions/${transactionId}/refund`, c),
  };
}

export interface TransactionJson {
  readonly transactionId: string;
  readonly type: string;
  readonly amount: { amount: number; currency: string };
  readonly status: { kind: string; statusCode?: string; statusMessage?: string };
  readonly extraData?: string;
  readonly ackCode?: string;
}

export interface AttemptJson {
  readonly attemptId: string;
  readonly status: string;
  readonly granted: { amount: number };
  readonly refunded: { amount: number };
  readonly refundable: { amount: number };
  readonly transactions: readonly TransactionJson[];
}

export interface SessionJson {
  readonly sessionId: string;
  readonly status: string;
  readonly attempts: readonly AttemptJson[];
}

/** GET /api/sessions/{id} as the merchant reads it. */
export async function sessionOf(h: ServiceHarness, sessionId: string, merchant: TestMerchant = SHOP): Promise<SessionJson> {
  const res = await call('GET', `${h.url}/api/sessions/${sessionId}`, await h.clientToken(merchant));
  if (res.status !== 200) throw new Error(`GET /api/sessions/${sessionId} answered ${res.status}`);
  return res.body as unknown as SessionJson;
}

/**
 * Polls the session until `until` holds, at most `timeoutMs` of real time; throws if it never does,
 * naming where the session stood (as a page's waitFor does).
 */
export async function waitForSession(h: ServiceHarness, sessionId: string, until: (s: SessionJson) => boolean, timeoutMs = 5_000): Promise<SessionJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const session = await sessionOf(h, sessionId);
    if (until(session)) return session;
    if (Date.now() > deadline) throw new Error(`waitForSession: not reached in ${timeoutMs} ms; the session stood at ${whereItStands(session)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function whereItStands(session: SessionJson): string {
  const attempts = session.attempts.map((a) => `${a.status} [${a.transactions.map((t) => `${t.type} ${t.status.kind}`).join(', ')}]`);
  return `${session.status} (attempts: ${attempts.join('; ') || 'none'})`;
}

export const noRefundPending = (s: SessionJson): boolean =>
  s.attempts.every((a) => a.transactions.every((t) => t.type !== 'refund' || t.status.kind !== 'pending'));

/** The operation that took an attempt's money (its capture, or its direct payment). */
export function takingOf(attempt: AttemptJson): TransactionJson {
  const taking = attempt.transactions.find((t) => (t.type === 'capture' || t.type === 'payment') && t.status.kind === 'succeeded');
  if (!taking) throw new Error(`attempt ${attempt.attemptId} took no money`);
  return taking;
}

export function refundsOf(attempt: AttemptJson): readonly TransactionJson[] {
  return attempt.transactions.filter((t) => t.type === 'refund');
}

/** A session paid by card in the given tranches (one attempt each), driven to PAID through the fake PSP. */
export async function paidByCard(h: ServiceHarness, tranches: readonly number[], merchant: TestMerchant = SHOP): Promise<SessionJson> {
  const total = tranches.reduce((a, b) => a + b, 0);
  const { page, sessionId } = await h.openPage({ currency: 'EUR', total, orderId: `refund-${Math.random().toString(36).slice(2, 10)}`, methods: [{ method: 'card' }] }, merchant);
  for (const amount of tranches) {
    const started = await page.payByCard('card', amount);
    if (started.status !== 201) throw new Error(`start answered ${started.status} ${JSON.stringify(started.body)}`);
    await page.waitFor((v) => v.attempts.every((a) => a.status !== 'AUTHORIZING'));
  }
  const view = await page.waitFor((v) => v.status === 'PAID');
  if (view.status !== 'PAID') throw new Error(`session ended ${view.status}`);
  return sessionOf(h, sessionId, merchant);
}

/** A session paid in full by a direct payment (ANCV vouchers: one operation, refunded in full only). */
export async function paidByVouchers(h: ServiceHarness, total: number): Promise<SessionJson> {
  const { page, sessionId } = await h.openPage({ currency: 'EUR', total, orderId: `ancv-${Math.random().toString(36).slice(2, 10)}`, methods: [{ method: 'ancv' }], returnUrl: 'https://shop.example/back' });
  const started = await page.start({ methodId: 'ancv', amount: total });
  const attempt = started.body.view.attempts[0];
  if (started.status !== 201 || attempt?.redirect?.kind !== 'navigate') throw new Error(`ancv start answered ${started.status}`);
  await pressFakePspButton(attempt.redirect.url, 'approve');
  const view = await page.waitFor((v) => v.status === 'PAID');
  if (view.status !== 'PAID') throw new Error(`session ended ${view.status}`);
  return sessionOf(h, sessionId);
}

/** A session that ended with nothing taken: the payer abandoned it before paying. */
export async function abandonedUnpaid(h: ServiceHarness): Promise<SessionJson> {
  const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 1_000, orderId: `gone-${Math.random().toString(36).slice(2, 10)}`, methods: [{ method: 'card' }] });
  const abandoned = await page.abandonSession();
  if (abandoned.status !== 200) throw new Error(`abandon answered ${abandoned.status}`);
  return waitForSession(h, sessionId, (s) => s.status === 'ABORTED');
}

/** One refund call as it reached the fake PSP's API. */
export interface PspRefundCall {
  readonly url: string;
  /** The Idempotency-Key header it carried (our refund transaction id). */
  readonly idempotencyKey: string | undefined;
}

/**
 * Counts the refund calls reaching the fake PSP's API (POST /fake-psp/api/payments/{ref}/refunds),
 * observed on the listening server itself through Node's http diagnostics channel.
 */
export function countPspRefundCalls(): { readonly calls: PspRefundCall[]; stop(): void } {
  const calls: PspRefundCall[] = [];
  const listener = (message: unknown): void => {
    const request = (message as { request: IncomingMessage }).request;
    if (request.method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds$/.test(request.url ?? '')) {
      const key = request.headers['idempotency-key'];
      calls.push({ url: request.url ?? '', idempotencyKey: Array.isArray(key) ? key.join(',') : key });
    }
  };
  subscribe('http.server.request.start', listener);
  return { calls, stop: () => unsubscribe('http.server.request.start', listener) };
}

/** What a describe block of refund tests runs on (useRefundService). */
export interface RefundService {
  /** The service (throws before it starts). */
  readonly h: RefundHarness;
  /** SHOP's client access token (throws before the service starts). */
  readonly client: string;
  /** The refund calls that reached the fake PSP since the block began. */
  readonly psp: ReturnType<typeof countPspRefundCalls>;
}

/**
 * For the calling describe block: the refund service (startRefundService, with `options`, or what
 * they resolve to when they depend on something started first) and SHOP's
 * client token, got before the first test, and the fake PSP's refund calls counted; all stopped after the last.
 */
export function useRefundService(
  options: Omit<ServiceHarnessOptions, 'merchants'> | (() => Promise<Omit<ServiceHarnessOptions, 'merchants'>>) = {},
): RefundService {
  const psp = countPspRefundCalls();
  let started: { readonly h: RefundHarness; readonly client: string } | undefined;
  beforeAll(async () => {
    const h = await startRefundService(typeof options === 'function' ? await options() : options);
    started = { h, client: await h.clientToken(SHOP) };
  });
  afterAll(async () => {
    psp.stop();
    await started?.h.close();
  });
  const running = () => {
    if (!started) throw new Error('the refund service starts before the first test');
    return started;
  };
  return {
    psp,
    get h() {
      return running().h;
    },
    get client() {
      return running().client;
    },
  };
}

/** Every contract code a refund door may answer (the contract, Refund refusals and generic codes). */
export const REFUND_CONTRACT_CODES: readonly string[] = ['InvalidRequest', 'Unauthorized', 'NotFound', ...REFUND_REFUSALS];

/** A session paid 600 by card and 400 by PayPal (a redirected hold), driven to PAID. */
export async function paidByCardAndPaypal(h: ServiceHarness): Promise<SessionJson> {
  const { page, sessionId } = await h.openPage({
    currency: 'EUR',
    total: 1_000,
    orderId: `mixed-${Math.random().toString(36).slice(2, 10)}`,
    methods: [{ method: 'card' }, { method: 'paypal' }],
    returnUrl: 'https://shop.example.test/back',
  });
  await page.payByCard('card', 600);
  await page.waitFor((v) => v.attempts.every((a) => a.status !== 'AUTHORIZING'));
  const started = await page.start({ methodId: 'paypal', amount: 400 });
  const paypal = started.body.view.attempts.find((a) => a.attemptId === started.body.attemptId);
  if (started.status !== 201 || paypal?.redirect?.kind !== 'navigate') throw new Error(`paypal start answered ${started.status}`);
  await pressFakePspButton(paypal.redirect.url, 'approve');
  const view = await page.waitFor((v) => v.status === 'PAID');
  if (view.status !== 'PAID') throw new Error(`session ended ${view.status}`);
  return sessionOf(h, sessionId);
}

/**
 * Rewrites a stored session (plays a situation the fake PSP cannot produce, such as a PSP without
 * refunds), through the SessionRepository and its version check.
 */
export async function editStored(h: ServiceHarness, sessionId: string, change: (s: Session) => Session): Promise<void> {
  const stored = await h.stores.sessions.findById(sessionId as SessionId);
  if (!stored) throw new Error(`no session ${sessionId}`);
  const saved = await h.stores.sessions.save({ ...change(stored), version: stored.version + 1 }, { expectedVersion: stored.version });
  if (saved !== 'saved') throw new Error('concurrent write while editing the stored session');
}

/** The offer of a method no longer refunds (as a PSP without refunds would have been snapshotted). */
export function withoutRefunds(methodId: string): (s: Session) => Session {
  return (s) => ({ ...s, methods: s.methods.map((m) => (m.id === methodId ? { ...m, capabilities: { ...m.capabilities, refund: false, partialRefund: false } } : m)) });
}

/**
 * Holds back the next `count` refund verdicts the fake PSP sends (the service never sees them, so
 * those refunds stay in flight); `release()` delivers them, verbatim, once they have all been sent.
 */
export function holdRefundVerdicts(h: ServiceHarness, count = 1): { release(): Promise<void> } {
  const before = h.tap.deliveries.length;
  for (let i = 0; i < count; i++) h.tap.dropNext((json) => json.event === 'refund');
  const held = () => h.tap.deliveries.slice(before).filter((d) => !d.forwarded && d.json?.event === 'refund');
  return {
    async release() {
      const deadline = Date.now() + 5_000;
      while (held().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const delivery of held()) await h.tap.replay(delivery);
    },
  };
}
