import { merchantId, type SessionView } from '@splitpay/domain';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { pressFakePspButton } from '../support/elements-client';
import { ONEY_PLANS } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';
import { financedOrder } from '../support/session-bodies';
import { eventually, notificationOf, SHOP, WEBHOOK_AUTHORIZATION } from './webhooks.support';

/**
 * Which endings are announced, to which address, with which payload: each over the real flow
 * (elements doors, fake PSP, session worker) against a real receiver.
 */

type Payload = Record<string, unknown> & { attempts: (Record<string, unknown> & { operations: Record<string, unknown>[] })[] };

const CAPTURE_CALL = (method: string, path: string) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/captures$/.test(path);
const TERMS = [
  { label: 'Conditions générales de vente', url: 'https://shop.example/cgv' },
  { label: 'Privacy', url: 'https://shop.example/privacy' },
];

jest.setTimeout(30_000);

describe('session endings: which are announced, where, with what', () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const h = useService(() => ({
    merchants: {
      merchants: [
        {
          merchantId: SHOP.merchantId,
          secret: SHOP.secret,
          notificationUrl: receiver.url('/hooks/account'),
          webhookAuthorization: WEBHOOK_AUTHORIZATION,
          contracts: [
            { method: 'card', provider: 'fake', partialRefunds: true },
            { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
          ],
          contacts: [],
        },
      ],
    },
    env: { ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600), LENDER_WAIT_MS: String(7 * 24 * 3600_000) },
  }));
  afterAll(() => receiver.stop());

  const payloadsTo = (path: string): Payload[] => receiver.callsTo(path).map((c) => JSON.parse(c.body) as Payload);
  const status = (s: SessionView['status']) => (v: SessionView) => v.status === s;
  /** The capture as the merchant reads it (GET /api/sessions/{id}). */
  const captureOf = async (sessionId: string) => {
    const { attempts } = (await readSession(h, sessionId)).body as { attempts: { transactions: { type: string; ackHttpStatus?: number }[] }[] };
    return attempts[0]?.transactions.find((t) => t.type === 'capture');
  };

  it('ABORTED: announced once, after the hold was released, with its operations', async () => {
    const path = '/hooks/aborted';
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 1_000, orderId: 'abort-1', methods: [{ method: 'card' }], notificationUrl: receiver.url(path) });
    await page.payByCard('card', 400);
    await page.waitFor((v) => v.attempts[0]?.status === 'AUTHORIZED');
    expect((await page.abandonSession()).status).toBe(200);
    await page.waitFor(status('ABORTED'));
    await h.runWorkers();
    h.clock.advance(3_600_000);
    await h.runWorkers();

    const [payload, ...more] = payloadsTo(path);
    expect(more).toEqual([]);
    expect(payload).toMatchObject({ event: 'session-ended', notificationId: `${sessionId}:ABORTED`, sessionId, status: 'ABORTED', captured: { amount: 0, currency: 'EUR' } });
    expect(payload!.attempts.map((a) => [a.status, a.operations.map((o) => [o.type, o.status])])).toEqual([
      [
        'VOIDED',
        [
          ['authorization', 'succeeded'],
          ['void', 'succeeded'],
        ],
      ],
    ]);
  });

  it('AWAITING is not announced; AWAITED_REFUSED is, once', async () => {
    const path = '/hooks/financing';
    const { page, sessionId } = await h.openPage(financedOrder('oney-refused', 30_000, { notificationUrl: receiver.url(path) }));
    const started = await page.start({ methodId: 'oney', amount: 30_000, plan: { installments: 3, withFees: false } });
    const lender = started.body.view.attempts[0]!.redirect!.url;
    await pressFakePspButton(lender, 'study');
    await page.waitFor(status('AWAITING'));
    await h.runWorkers();
    expect(receiver.callsTo(path)).toHaveLength(0);
    expect(await notificationOf(h, sessionId)).toEqual({ url: receiver.url(path), failures: 0, abandoned: false });

    await pressFakePspButton(lender, 'decline');
    await page.waitFor(status('AWAITED_REFUSED'));
    await h.runWorkers();
    h.clock.advance(3_600_000);
    await h.runWorkers();
    const payloads = payloadsTo(path);
    expect(payloads.map((p) => [p.notificationId, p.status, p.captured])).toEqual([[`${sessionId}:AWAITED_REFUSED`, 'AWAITED_REFUSED', { amount: 0, currency: 'EUR' }]]);
    expect(payloads[0]!.attempts[0]).toMatchObject({ method: 'oney', methodId: 'oney', provider: 'fake', status: 'DECLINED' });
  });

  it('CAPTURING is not announced; PAID is, once the capture went through', async () => {
    const path = '/hooks/capturing';
    const clear = h.injectFault(CAPTURE_CALL, 503);
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 700, orderId: 'capturing-1', methods: [{ method: 'card' }], notificationUrl: receiver.url(path) });
    await page.payByCard('card', 700);
    await page.waitFor(status('CAPTURING'));
    // CAPTURING is written before the capture's first send, which is its sender's until its answer is
    // recorded: the fault must have answered it before it is cleared.
    await eventually(async () => (await captureOf(sessionId))?.ackHttpStatus === 503);
    await h.runWorkers();
    expect(receiver.callsTo(path)).toHaveLength(0);

    clear();
    h.clock.advance(60_000);
    await h.runWorkers();
    await page.waitFor(status('PAID'));
    await h.runWorkers();
    h.clock.advance(3_600_000);
    await h.runWorkers();
    expect(payloadsTo(path).map((p) => [p.notificationId, p.status, p.captured])).toEqual([[`${sessionId}:PAID`, 'PAID', { amount: 700, currency: 'EUR' }]]);
  });

  it("goes to the account's address when the session named none, as it stood at creation", async () => {
    const before = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'account-1', ttlMs: 1_000, methods: [{ method: 'card' }] });
    expect(await notificationOf(h, before.sessionId)).toEqual({ url: receiver.url('/hooks/account'), failures: 0, abandoned: false });

    // The operator moves the account's address (through this instance: its cache forgets the account, D57):
    // sessions already created keep theirs.
    const account = (await h.stores.merchants.findById(merchantId(SHOP.merchantId)))!;
    await h.instance.core.stores.merchants.upsert({ ...account, notificationUrl: receiver.url('/hooks/moved') });
    const after = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'account-2', ttlMs: 1_000, methods: [{ method: 'card' }] });

    h.clock.advance(1_000);
    await h.runWorkers();
    expect(receiver.callsTo('/hooks/account').map((c) => c.headers['webhook-id'])).toEqual([`${before.sessionId}:EXPIRED`]);
    expect(receiver.callsTo('/hooks/moved').map((c) => c.headers['webhook-id'])).toEqual([`${after.sessionId}:EXPIRED`]);
    expect(receiver.callsTo('/hooks/account')[0]!.headers.authorization).toBe(WEBHOOK_AUTHORIZATION);
    await h.instance.core.stores.merchants.upsert(account);
  });

  it('carries the declared terms with the consent instant; the terms alone when consent was never given; neither without terms', async () => {
    const accepted = await h.openPage({ currency: 'EUR', total: 500, orderId: 'terms-1', methods: [{ method: 'card' }], terms: TERMS, notificationUrl: receiver.url('/hooks/terms-1') });
    const consent = await accepted.page.acceptTerms();
    const acceptedAt = consent.body.view.termsAcceptedAt;
    expect(acceptedAt).toEqual(expect.any(Number));
    await accepted.page.payByCard('card', 500);
    await accepted.page.waitFor(status('PAID'));

    const silent = await h.createSession({ currency: 'EUR', total: 500, orderId: 'terms-2', ttlMs: 1_000, methods: [{ method: 'card' }], terms: TERMS, notificationUrl: receiver.url('/hooks/terms-2') });
    const bare = await h.createSession({ currency: 'EUR', total: 500, orderId: 'terms-3', ttlMs: 1_000, methods: [{ method: 'card' }], notificationUrl: receiver.url('/hooks/terms-3') });
    h.clock.advance(1_000);
    await h.runWorkers();

    const [paid] = payloadsTo('/hooks/terms-1');
    expect(paid).toMatchObject({ status: 'PAID', terms: TERMS, termsAcceptedAt: acceptedAt });
    const [expired] = payloadsTo('/hooks/terms-2');
    expect(expired).toMatchObject({ notificationId: `${silent.sessionId}:EXPIRED`, terms: TERMS });
    expect(expired).not.toHaveProperty('termsAcceptedAt');
    const [none] = payloadsTo('/hooks/terms-3');
    expect(none).toMatchObject({ notificationId: `${bare.sessionId}:EXPIRED`, attempts: [] });
    expect(none).not.toHaveProperty('terms');
    expect(none).not.toHaveProperty('termsAcceptedAt');
  });

  it('tells the card alias, the scheme and the PSP references of a registering order', async () => {
    const path = '/hooks/alias';
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 900, orderId: 'alias-1', mustCreateAlias: true, methods: [{ method: 'card' }], notificationUrl: receiver.url(path) });
    const started = await page.payByCard('card', 900, '5555555555554444');
    expect(started.status).toBe(201);
    await page.waitFor(status('PAID'));
    await h.runWorkers();

    const [payload] = payloadsTo(path);
    expect(payload).toMatchObject({ notificationId: `${sessionId}:PAID`, status: 'PAID' });
    const [attempt] = payload!.attempts;
    expect(attempt).toMatchObject({ method: 'card', provider: 'fake', cardScheme: 'mastercard', cardAlias: expect.stringMatching(/^fka_/), requested: { amount: 900, currency: 'EUR' }, granted: { amount: 900, currency: 'EUR' } });
    expect(attempt!.operations).toEqual([
      expect.objectContaining({ type: 'authorization', status: 'succeeded', providerRef: expect.any(String) }),
      expect.objectContaining({ type: 'capture', status: 'succeeded', providerRef: expect.any(String) }),
    ]);
  });
});
