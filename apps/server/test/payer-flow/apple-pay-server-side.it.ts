import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import nock from 'nock';
import { APPLE_PAY_DATA, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

/**
 * Apple Pay's server side over HTTP (docs/decisions.md D126), nock playing Adyen and refusing any call
 * it was not told of: a token that never came when the session ends (the attempt CANCELLED, the
 * merchant's webhook says so; at the fake PSP its waiting payment voided), the merchant validation
 * door's limit, and a confirm Adyen does not answer.
 */

type Payload = { status: string; attempts: { method: string; status: string; operations: { type: string; status: string }[] }[] };

jest.setTimeout(30_000);

describe('Apple Pay at Adyen', () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const service = providerService([{ method: 'applepay', provider: 'adyen', partialRefunds: true, settings: SETTINGS }]);
  const h = service.h;
  const payloadsTo = (path: string): Payload[] => receiver.callsTo(path).map((c) => JSON.parse(c.body) as Payload);

  async function deliveredTo(path: string): Promise<Payload[]> {
    for (let turn = 0; turn < 50 && receiver.callsTo(path).length === 0; turn += 1) {
      h.clock.advance(1_000);
      await h.runWorkers();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return payloadsTo(path);
  }

  it.each([
    ['expires', 'EXPIRED'],
    ['is abandoned by the payer', 'ABORTED'],
  ])('a token that never came, in a session that %s: the webhook reports the attempt CANCELLED, its authorization cancelled, and the merchant reads the same', async (how, ending) => {
    const path = `/hooks/${ending}`;
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: `ap-no-token-${ending}`, ttlMs: 60_000, methods: [{ method: 'applepay' }], notificationUrl: receiver.url(path) });
    const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
    expect(started.status).toBe(201);
    if (ending === 'ABORTED') expect((await page.abandonSession()).status).toBe(200);
    else h.clock.advance(60_000);

    const [payload, ...more] = await deliveredTo(path);
    expect(more).toEqual([]);
    expect(payload?.status).toBe(ending);
    expect(payload?.attempts.map((a) => [a.method, a.status, a.operations.map((o) => [o.type, o.status])])).toEqual([['applepay', 'CANCELLED', [['authorization', 'cancelled']]]]);
    const read = (await readSession(h, sessionId)).body as { status: string; attempts: { status: string }[] };
    expect([read.status, read.attempts.map((a) => a.status)]).toEqual([ending, ['CANCELLED']]);
  });
  it("limits the merchant validation door per elements token (twice the start's budget): over it, 429 TooManyRequests with Retry-After and no call to Adyen", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'ap-validation-flood', methods: [{ method: 'applepay' }] });
    const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
    let calls = 0;
    nock(TEST_BASE).post('/v71/applePay/sessions').times(40).reply(() => ((calls += 1), [200, { data: Buffer.from('{"session":1}').toString('base64') }]));
    const answers: { status: number; code?: string; retryAfter: string | null }[] = [];
    for (let n = 0; n < 25; n += 1) {
      const res = await fetch(`${h.url}/elements/session/attempts/${started.body.attemptId}/wallet-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${page.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { method: 'applepay', domainName: 'shop.example' } }),
      });
      answers.push({ status: res.status, code: ((await res.json()) as { code?: string }).code, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, 20).every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(20).map((a) => [a.status, a.code])).toEqual(Array(5).fill([429, 'TooManyRequests']));
    expect(Number(answers[20]?.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(calls).toBe(20);
  });

  describe('a confirm Adyen does not answer', () => {
    const fault = [500, { status: 500, errorCode: '000', message: 'boom', errorType: 'internal' }] as const;

    it('is sent again with the same Idempotency-Key while the token is in memory: the answer that comes is the confirm\'s', async () => {
      const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'ap-5xx-then-ok', methods: [{ method: 'applepay' }] });
      const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
      const keys: unknown[] = [];
      nock(TEST_BASE)
        .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [...fault]; })
        .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [200, { resultCode: 'Authorised', pspReference: 'PSPAP5XX' }]; });
      const confirmed = await page.confirm(started.body.attemptId!, APPLE_PAY_DATA);
      expect(confirmed.status).toBe(200);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(confirmed.body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZED']);
    });

    it('still unanswered after its resends: 500 InternalError, never a 200 the sheet would take for success; the attempt stays in flight', async () => {
      const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'ap-5xx', methods: [{ method: 'applepay' }] });
      const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
      let sends = 0;
      nock(TEST_BASE).post('/v71/payments').times(10).reply(() => ((sends += 1), [...fault]));
      const confirmed = await page.confirm(started.body.attemptId!, APPLE_PAY_DATA);
      expect([confirmed.status, (confirmed.body as unknown as { code: string }).code]).toEqual([500, 'InternalError']);
      expect(JSON.stringify(confirmed.body)).not.toContain('boom');
      expect(sends).toBe(3);
      const view = await page.view();
      expect(view.body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);
    });
  });
});

describe('Apple Pay at the fake PSP, whose start opens a payment waiting for the token', () => {
  const h = useService();

  it('a session abandoned before the token came: the waiting payment is voided at the PSP, the attempt CANCELLED', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'fake-ap-no-token', methods: [{ method: 'applepay' }] });
    expect((await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } })).status).toBe(201);
    expect((await page.abandonSession()).status).toBe(200);
    await page.waitFor((v) => v.status === 'ABORTED');
    const read = (await readSession(h, sessionId)).body as { attempts: { status: string; transactions: { type: string; status: { kind: string } }[] }[] };
    expect(read.attempts.map((a) => [a.status, a.transactions.map((t) => [t.type, t.status.kind])])).toEqual([
      ['CANCELLED', [['authorization', 'cancelled'], ['void', 'succeeded']]],
    ]);
  });

  it.each(['its attempt', 'the payment'] as const)('the payer abandons %s before the token came: the view shows the wallet attempt CANCELLED and no longer abandonable', async (what) => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: `fake-ap-abandonable-${what.length}`, methods: [{ method: 'applepay' }] });
    const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
    expect(started.body.view.attempts.map((a) => [a.status, a.abandonable])).toEqual([['AUTHORIZING', true]]);
    if (what === 'its attempt') expect((await page.abandonAttempt(started.body.attemptId!)).status).toBe(200);
    else expect((await page.abandonSession()).status).toBe(200);

    const view = await page.waitFor((v) => v.attempts.every((a) => a.status === 'CANCELLED'));
    expect(view.attempts.map((a) => [a.method, a.status, a.abandonable])).toEqual([['applepay', 'CANCELLED', false]]);
  });
});
