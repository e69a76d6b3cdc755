import request from 'supertest';
import type { SessionId, SessionView } from '@splitpay/domain';
import { ElementsClient } from '../support/elements-client';
import { itAnsweredAsTheOpenApiDocumentSays } from '../support/openapi-recorder';
import { PspOperationTap } from '../support/psp-operation-tap';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

const DECLINED_CARD = '4000000000000002';
const ORDER = { currency: 'EUR', total: 10_000, methods: [{ method: 'card' }] };
const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

/**
 * Card testing through a checkout page (docs/decisions.md D53): over its budget, a start is refused
 * 429 TooManyRequests with Retry-After before anything is recorded or any PSP called. Small budgets
 * are configured here; the window (10 minutes by default) never ends within a test.
 */
describe('payer doors: attempt starts are rate-limited per token and per address', () => {
  const tap = new PspOperationTap();
  const h = useService(async () => ({
    env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp`, FAKE_PSP_DELAY_MS: '0', TRUST_PROXY: 'loopback', ELEMENTS_ATTEMPTS_PER_TOKEN: '2', ELEMENTS_ATTEMPTS_PER_ADDRESS: '3' },
  }));
  beforeAll(() => tap.forwardTo(h.url));
  afterAll(() => tap.close());

  it('refuses the start over a token budget with the envelope and Retry-After; nothing is recorded, the PSP is not called, the page still reads', async () => {
    const { page: opened, sessionId } = await h.openPage({ ...ORDER, orderId: 'card-testing-token' });
    const page = opened.behindProxy('203.0.113.10');
    for (let tried = 1; tried <= 2; tried++) {
      expect((await page.payByCard('card', 5_000, DECLINED_CARD)).status).toBe(201);
      await page.waitFor((v) => settled(v) && v.attempts.length === tried);
    }
    const created = tap.paymentCreations();
    expect(created).toBeGreaterThanOrEqual(2);

    const refused = await page.payByCard('card', 5_000, '4111111111111111');
    expect([refused.status, refused.body]).toEqual([429, { code: 'TooManyRequests', message: expect.any(String) }]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');

    expect(tap.paymentCreations()).toBe(created);
    expect((await h.stores.sessions.findById(sessionId as SessionId))!.attempts).toHaveLength(2);
    const read = await page.view();
    expect([read.status, read.body.view.status, read.body.view.attempts.length]).toEqual([200, 'PENDING', 2]);
  });

  it('refuses the start over an address budget whatever token it carries; another address keeps its own', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map(async (n) => (await h.openPage({ ...ORDER, orderId: `card-testing-address-${n}` })).page.behindProxy('198.51.100.20')));
    for (const page of pages.slice(0, 3)) expect((await page.payByCard('card', 5_000, DECLINED_CARD)).status).toBe(201);
    const created = tap.paymentCreations();

    const refused = await pages[3]!.payByCard('card', 5_000, DECLINED_CARD);
    expect([refused.status, refused.body.code]).toEqual([429, 'TooManyRequests']);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(tap.paymentCreations()).toBe(created);

    const elsewhere = new ElementsClient(h.url, pages[3]!.token).behindProxy('198.51.100.21');
    expect((await elsewhere.payByCard('card', 5_000, DECLINED_CARD)).status).toBe(201);
    expect(tap.paymentCreations()).toBe(created + 1);
  });

  it('answers the refusal of a start and of a wallet confirm as the OpenAPI document describes them', async () => {
    const { elementsToken } = await h.createSession({ ...ORDER, orderId: 'card-testing-document' });
    const attempt = '0190c0de-0000-7000-8000-000000000001';
    const send = (path: string, body: object) => request(h.app).post(path).set('Authorization', `Bearer ${elementsToken}`).set('X-Forwarded-For', '192.0.2.30').send(body);
    const card = { methodId: 'card', amount: 5_000, input: { method: 'card', cardNumber: DECLINED_CARD, expiry: '12/30', cvc: '123' } };
    const wallet = { input: { method: 'applepay', paymentToken: 'blob' } };
    for (let tried = 0; tried < 3; tried++) await send('/elements/session/attempts', card);
    // The confirm door's budget is twice the start's (a card's 3-D Secure fingerprint and challenge, D59): 4 per token.
    for (let tried = 0; tried < 4; tried++) expect((await send(`/elements/session/attempts/${attempt}/confirm`, wallet)).status).not.toBe(429);
    expect((await send('/elements/session/attempts', card)).status).toBe(429);
    expect((await send(`/elements/session/attempts/${attempt}/confirm`, wallet)).status).toBe(429);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
