import request from 'supertest';
import { DomainError, type SessionView } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createHttpApp } from '../app/create-app';
import type { TrustProxy } from '../app/trust-proxy';
import type { HitCounters } from '../app/hit-counters.port';
import { SharedCounters } from '../testing/shared-counters';
import { elementsRouter, type ElementsRouterDeps } from './elements.routes';

const VIEW = { status: 'PENDING' } as unknown as SessionView;
const ATTEMPT = '0190c0de-0000-7000-8000-000000000001';

function app(overrides: Partial<ElementsRouterDeps> = {}, trustProxy?: TrustProxy) {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      if (args[0] !== 'pst_good') throw new DomainError('InvalidElementsToken', 'bad token');
      return VIEW;
    };
  const deps: ElementsRouterDeps = {
    read: { execute: record('read') },
    start: { execute: async (...args) => ({ attemptId: ATTEMPT, view: await record('start')(...args) }), startRecorded: async () => false },
    decisions: {
      cancelAttempt: record('cancel'),
      abandonAttempt: record('abandon'),
      abandonSession: record('abandonSession'),
      acceptPartial: record('acceptPartial'),
      acceptTerms: record('acceptTerms'),
    },
    confirm: { execute: record('confirm') },
    returns: { execute: async () => ({ kind: 'redirect', url: 'https://merchant.example/back' }) },
    walletSessions: {
      execute: async (...args) => {
        await record('walletSession')(...args);
        return { walletSession: { merchantSessionIdentifier: 'SSH-1' } };
      },
    },
    tokenDigest: (token) => `digest:${token}`,
    ...overrides,
  };
  return { http: createHttpApp({ logger: new CapturingLogger(), routers: [elementsRouter(deps)], ...(trustProxy !== undefined ? { trustProxy } : {}) }), calls };
}

const auth = { Authorization: 'Bearer pst_good' };

describe('elements doors', () => {
  it('answers the view with CORS for any origin and no caching', async () => {
    const res = await request(app().http).get('/elements/session').set(auth).set('Origin', 'https://shop.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ view: VIEW });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers the view whatever query a page, a library's cache-buster or a proxy adds: payer doors ignore it (D105-b)", async () => {
    const res = await request(app().http).get('/elements/session?_=1700000000000&v=2&v=3').set(auth);
    expect([res.status, res.body]).toEqual([200, { view: VIEW }]);
  });

  it('answers a preflight', async () => {
    const res = await request(app().http).options('/elements/session/attempts').set('Origin', 'https://shop.example').set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('refuses a missing token with 401 and WWW-Authenticate, also with CORS', async () => {
    const res = await request(app().http).get('/elements/session').set('Origin', 'https://shop.example');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('InvalidElementsToken');
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('starts an attempt with 201 and hands the validated body to the use case', async () => {
    const { http, calls } = app();
    const body = { methodId: 'card', amount: 1200, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } };
    const res = await request(http).post('/elements/session/attempts').set(auth).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ attemptId: ATTEMPT, view: VIEW });
    expect(calls).toEqual([['start', 'pst_good', { ...body, payerDevice: { ip: '127.0.0.1' } }]]);
  });

  describe("the payer's IP handed to the start and the confirm (req.ip under TRUST_PROXY)", () => {
    const START = { methodId: 'card', amount: 1200 };
    const CONFIRM = { input: { method: 'applepay', paymentToken: 'blob' } };
    const confirmPath = `/elements/session/attempts/${ATTEMPT}/confirm`;

    it('is the peer when no proxy is trusted: an X-Forwarded-For the service does not trust is ignored', async () => {
      const { http, calls } = app();
      await request(http).post('/elements/session/attempts').set(auth).set('X-Forwarded-For', '203.0.113.9').send(START);
      await request(http).post(confirmPath).set(auth).set('X-Forwarded-For', '203.0.113.9').send(CONFIRM);
      expect(calls).toEqual([
        ['start', 'pst_good', { ...START, payerDevice: { ip: '127.0.0.1' } }],
        ['confirm', 'pst_good', ATTEMPT, { ...CONFIRM, payerDevice: { ip: '127.0.0.1' } }],
      ]);
    });

    it('is the client the trusted proxy names, not a hop the client wrote before it', async () => {
      const { http, calls } = app({}, 'loopback');
      await request(http).post('/elements/session/attempts').set(auth).set('X-Forwarded-For', '192.0.2.1, 203.0.113.9').send(START);
      await request(http).post(confirmPath).set(auth).set('X-Forwarded-For', '2001:db8::9').send(CONFIRM);
      expect(calls).toEqual([
        ['start', 'pst_good', { ...START, payerDevice: { ip: '203.0.113.9' } }],
        ['confirm', 'pst_good', ATTEMPT, { ...CONFIRM, payerDevice: { ip: '2001:db8::9' } }],
      ]);
    });

    it('is left out when the trusted proxy forwards something that is not an address', async () => {
      const { http, calls } = app({}, 'loopback');
      await request(http).post('/elements/session/attempts').set(auth).set('X-Forwarded-For', 'unknown').send(START);
      expect(calls).toEqual([['start', 'pst_good', START]]);
    });

    it('cannot be chosen by the body: the schema refuses a payerDevice field', async () => {
      const { http, calls } = app();
      const res = await request(http).post('/elements/session/attempts').set(auth).send({ ...START, payerDevice: { ip: '203.0.113.9' } });
      expect([res.status, res.body.code]).toEqual([400, 'InvalidRequest']);
      const confirm = await request(http).post(confirmPath).set(auth).send({ ...CONFIRM, payerDevice: { ip: '203.0.113.9' } });
      expect([confirm.status, confirm.body.code]).toEqual([400, 'InvalidRequest']);
      expect(calls).toEqual([]);
    });
  });

  it.each([
    [{ methodId: 'card', amount: 1200, extra: 1 }, 'extra is not a declared property'],
    [{ methodId: 'card', amount: 0 }, 'amount must be at least 1'],
    [{ methodId: 'card', amount: 12.5 }, 'amount must be an integer'],
    [{ methodId: 'card', amount: 100, input: { method: 'card', cardNumber: '4111111111111111' } }, 'input'],
    [{ methodId: 'card', amount: 100, input: { method: 'bitcoin' } }, 'input.method must be one of card, applepay, paypal, wero, oney, ancv'],
    [{ methodId: 'oney', amount: 100, plan: { installments: 1, withFees: false } }, 'plan.installments must be at least 2'],
  ])('refuses a malformed start body %j with InvalidRequest', async (body, message) => {
    const { http, calls } = app();
    const res = await request(http).post('/elements/session/attempts').set(auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(res.body.message).toContain(message);
    expect(calls).toEqual([]);
  });

  it('names the confirmable methods when the confirm input has another', async () => {
    const { http, calls } = app();
    const res = await request(http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).send({ input: { method: 'googlepay', paymentToken: 'x' } });
    expect([res.status, res.body]).toEqual([400, { code: 'InvalidRequest', message: 'input.method must be one of applepay, card' }]);
    expect(calls).toEqual([]);
  });

  it('takes no body on decision doors', async () => {
    const { http, calls } = app();
    expect((await request(http).post(`/elements/session/attempts/${ATTEMPT}/cancel`).set(auth)).status).toBe(200);
    expect((await request(http).post('/elements/session/accept-terms').set(auth).send({})).status).toBe(200);
    const res = await request(http).post('/elements/session/abandon').set(auth).send({ why: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(calls.map((c) => c[0])).toEqual(['cancel', 'acceptTerms']);
  });

  it('refuses a body of another content type with 415 UnsupportedMediaType, before the token', async () => {
    const { http, calls } = app();
    for (const path of ['/elements/session/accept-terms', '/elements/session/abandon', `/elements/session/attempts/${ATTEMPT}/cancel`, '/elements/session/attempts']) {
      const res = await request(http).post(path).set({ Authorization: 'Bearer pst_unknown' }).type('text/plain').send('accept everything');
      expect([res.status, res.body]).toEqual([415, { code: 'UnsupportedMediaType', message: 'Request body must be application/json' }]);
    }
    expect(calls).toEqual([]);
  });

  it('validates the confirm body and the attempt id', async () => {
    const { http, calls } = app();
    const ok = await request(http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).send({ input: { method: 'applepay', paymentToken: 'blob' } });
    expect(ok.status).toBe(200);
    const wrong = await request(http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).send({ input: { method: 'card', paymentToken: 'blob' } });
    expect(wrong.status).toBe(400);
    const badId = await request(http).post('/elements/session/attempts/nope/cancel').set(auth);
    expect(badId.status).toBe(400);
    expect(calls.map((c) => c[0])).toEqual(['confirm']);
  });

  it('answers a wallet session for a valid merchant validation request, and refuses a malformed one before the token', async () => {
    const { http, calls } = app();
    const ok = await request(http).post(`/elements/session/attempts/${ATTEMPT}/wallet-session`).set(auth).send({ input: { method: 'applepay', domainName: 'shop.example' } });
    expect([ok.status, ok.body]).toEqual([200, { walletSession: { merchantSessionIdentifier: 'SSH-1' } }]);
    expect(calls).toEqual([['walletSession', 'pst_good', ATTEMPT, { method: 'applepay', domainName: 'shop.example' }]]);
    for (const input of [{ method: 'applepay' }, { method: 'card', domainName: 'shop.example' }, { method: 'applepay', domainName: 'https://shop.example/' }, { method: 'applepay', domainName: 'shop.example', validationUrl: 'http://apple.example' }]) {
      const bad = await request(http).post(`/elements/session/attempts/${ATTEMPT}/wallet-session`).send({ input });
      expect([bad.status, bad.body.code]).toEqual([400, 'InvalidRequest']);
    }
  });

  it('sends the returning payer on with 303', async () => {
    const res = await request(app().http).get(`/elements/return/${ATTEMPT}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('https://merchant.example/back');
  });

  it('hands the driver what the PSP put on the return, from the query (GET) and from the form (POST)', async () => {
    const seen: Record<string, string>[] = [];
    const { http } = app({ returns: { execute: async (_id: string, params?: Readonly<Record<string, string>>) => (seen.push({ ...params }), { kind: 'no-page' }) } });
    await request(http).get(`/elements/return/${ATTEMPT}?redirectResult=abc%3D%3D&x=1`).expect(200);
    await request(http).post(`/elements/return/${ATTEMPT}`).type('form').send({ MD: 'md-value', PaRes: 'pares-value' }).expect(200);
    expect(seen).toEqual([{ redirectResult: 'abc==', x: '1' }, { MD: 'md-value', PaRes: 'pares-value' }]);
  });

  it('refuses a return whose attempt id is not a UUID with InvalidRequest', async () => {
    const returned: string[] = [];
    const { http } = app({ returns: { execute: async (id: string) => (returned.push(id), { kind: 'no-page' }) } });
    const res = await request(http).get('/elements/return/not-a-uuid');
    expect([res.status, res.body.code]).toEqual([400, 'InvalidRequest']);
    expect(returned).toEqual([]);
  });

  describe('the attempt rate limit (docs/decisions.md D53)', () => {
    const START = { methodId: 'card', amount: 1200 };
    const start = (http: ReturnType<typeof app>['http'], token = 'pst_good', forwardedFor = '203.0.113.9') =>
      request(http).post('/elements/session/attempts').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', forwardedFor).send(START);

    it('refuses starts over the token budget with 429 TooManyRequests and Retry-After, before the use case', async () => {
      const { http, calls } = app({ attemptRateLimit: { windowMs: 60_000, perToken: 2, perAddress: 100 } }, 'loopback');
      expect((await start(http)).status).toBe(201);
      expect((await start(http)).status).toBe(201);
      const refused = await start(http);
      expect([refused.status, refused.body.code]).toEqual([429, 'TooManyRequests']);
      expect(Object.keys(refused.body).sort()).toEqual(['code', 'message']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      // The components run on the merchant's origin: the browser lets them read Retry-After only if exposed.
      expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
      expect(calls.filter(([name]) => name === 'start')).toHaveLength(2);
      // Another token from the same address still has its own budget; reads are never limited.
      expect((await start(http, 'pst_other')).status).toBe(401);
      expect((await request(http).get('/elements/session').set(auth)).status).toBe(200);
    });

    it('refuses starts over the address budget whatever the tokens, and counts another address apart', async () => {
      const { http } = app({ attemptRateLimit: { windowMs: 60_000, perToken: 100, perAddress: 2 } }, 'loopback');
      await start(http, 'pst_good');
      await start(http, 'pst_one');
      expect((await start(http, 'pst_two')).status).toBe(429);
      expect((await start(http, 'pst_good', '198.51.100.7')).status).toBe(201);
    });

    it('limits the wallet confirm on counters of its own, two confirms per start in the budget', async () => {
      const { http, calls } = app({ attemptRateLimit: { windowMs: 60_000, perToken: 1, perAddress: 100 } });
      const confirm = () => request(http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).send({ input: { method: 'applepay', paymentToken: 'blob' } });
      expect((await start(http)).status).toBe(201);
      expect((await confirm()).status).toBe(200);
      expect((await confirm()).status).toBe(200);
      const refused = await confirm();
      expect([refused.status, refused.body.code]).toEqual([429, 'TooManyRequests']);
      expect(calls.map(([name]) => name)).toEqual(['start', 'confirm', 'confirm']);
    });

    it("never refuses a card's native 3-D Secure results (fingerprint, then challenge) of starts within the budget (D59)", async () => {
      const { http, calls } = app({ attemptRateLimit: { windowMs: 60_000, perToken: 3, perAddress: 3 } }, 'loopback');
      const result = (step: string) =>
        request(http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).set('X-Forwarded-For', '203.0.113.9').send({ input: { method: 'card', details: { threeDSResult: step } } });
      for (let i = 0; i < 3; i++) {
        expect((await start(http)).status).toBe(201);
        expect((await result(`fingerprint-${i}`)).status).toBe(200);
        expect((await result(`challenge-${i}`)).status).toBe(200);
      }
      expect((await start(http)).status).toBe(429);
      expect((await result('one-more')).status).toBe(429);
      expect(calls.filter(([name]) => name === 'confirm')).toHaveLength(6);
    });

    it('keys the token budget on the digest the router is given, never the token', async () => {
      const digested: string[] = [];
      const { http } = app({ tokenDigest: (token) => (digested.push(token), 'same-digest'), attemptRateLimit: { windowMs: 60_000, perToken: 1, perAddress: 100 } });
      expect((await start(http, 'pst_good')).status).toBe(201);
      // Another token with the same digest shares the counter: the key is the digest.
      expect((await start(http, 'pst_else')).status).toBe(429);
      expect(digested).toEqual(['pst_good', 'pst_else']);
    });

    describe('on counters shared by the instances (docs/decisions.md D55)', () => {
      const twoInstances = (counters: HitCounters, logger = new CapturingLogger(), deadlineMs?: number) =>
        [1, 2].map(() => app({ attemptRateLimit: { windowMs: 60_000, perToken: 3, perAddress: 100 }, attemptCounters: { counters, logger, ...(deadlineMs ? { deadlineMs } : {}) } }, 'loopback'));

      it('refuses the start over the token budget counted over both instances, with Retry-After until the shared window ends', async () => {
        const [a, b] = twoInstances(new SharedCounters());
        expect((await start(a!.http)).status).toBe(201);
        expect((await start(b!.http)).status).toBe(201);
        expect((await start(a!.http)).status).toBe(201);
        const refused = await start(b!.http);
        expect([refused.status, refused.body.code]).toEqual([429, 'TooManyRequests']);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect([...a!.calls, ...b!.calls].filter(([name]) => name === 'start')).toHaveLength(3);
      });

      it('hands the counters each door and budget apart, keyed on the address and the token digest, never the token', async () => {
        const counters = new SharedCounters();
        const [a] = twoInstances(counters);
        await start(a!.http);
        await request(a!.http).post(`/elements/session/attempts/${ATTEMPT}/confirm`).set(auth).set('X-Forwarded-For', '203.0.113.9').send({ input: { method: 'applepay', paymentToken: 'blob' } });
        expect(counters.keys).toEqual([
          'attempts:start:address:203.0.113.9',
          'attempts:start:token:digest:pst_good',
          'attempts:confirm:address:203.0.113.9',
          'attempts:confirm:token:digest:pst_good',
        ]);
      });

      it('lets the payer through when the counters fail, with one warning naming the limiter and no key', async () => {
        const logger = new CapturingLogger();
        const down: HitCounters = {
          increment: () => Promise.reject(Object.assign(new Error('connection 3 to 127.0.0.1:27017 closed'), { name: 'MongoNetworkError' })),
          hits: () => Promise.resolve(undefined),
          decrement: () => Promise.resolve(),
          reset: () => Promise.resolve(),
        };
        const [a] = twoInstances(down, logger);
        expect((await start(a!.http)).status).toBe(201);
        expect(logger.named('rate_limit.store_unavailable')).toEqual([
          { level: 'warn', event: 'rate_limit.store_unavailable', fields: { limiter: 'attempts:start:address', error: 'MongoNetworkError: connection 3 to 127.0.0.1:27017 closed', letThrough: 1 } },
          { level: 'warn', event: 'rate_limit.store_unavailable', fields: { limiter: 'attempts:start:token', error: 'MongoNetworkError: connection 3 to 127.0.0.1:27017 closed', letThrough: 1 } },
        ]);
        expect(logger.lines.join('\n')).not.toMatch(/pst_good|203\.0\.113\.9/);
      });

      it('while the counters stay down, lets every payer through with one warning per limiter, not one per request', async () => {
        const logger = new CapturingLogger();
        const down: HitCounters = { increment: () => Promise.reject(new Error('down')), hits: () => Promise.resolve(undefined), decrement: () => Promise.resolve(), reset: () => Promise.resolve() };
        const [a] = twoInstances(down, logger);
        for (let i = 0; i < 8; i++) expect((await start(a!.http)).status).toBe(201);
        expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields.limiter)).toEqual(['attempts:start:address', 'attempts:start:token']);
      });

      it('says once per limiter that the counters answer again, with the payers let through meanwhile', async () => {
        const logger = new CapturingLogger();
        const shared = new SharedCounters();
        let up = false;
        const flaky: HitCounters = {
          increment: (key, windowMs) => (up ? shared.increment(key, windowMs) : Promise.reject(new Error('down'))),
          hits: (key) => shared.hits(key),
          decrement: (key) => shared.decrement(key),
          reset: (key) => shared.reset(key),
        };
        const [a] = twoInstances(flaky, logger);
        for (let i = 0; i < 3; i++) expect((await start(a!.http)).status).toBe(201);
        up = true;
        expect((await start(a!.http)).status).toBe(201);
        expect((await start(a!.http)).status).toBe(201);
        expect(logger.named('rate_limit.store_recovered').map((line) => line.fields)).toEqual([
          { limiter: 'attempts:start:address', letThrough: 2 },
          { limiter: 'attempts:start:token', letThrough: 2 },
        ]);
      });

      it('lets the payer through when the counters do not answer within the deadline', async () => {
        const logger = new CapturingLogger();
        const hung: HitCounters = { increment: () => new Promise<never>(() => undefined), hits: () => Promise.resolve(undefined), decrement: () => Promise.resolve(), reset: () => Promise.resolve() };
        const [a] = twoInstances(hung, logger, 50);
        const began = Date.now();
        expect((await start(a!.http)).status).toBe(201);
        expect(Date.now() - began).toBeLessThan(2_000);
        expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields)).toEqual([
          { limiter: 'attempts:start:address', error: 'no answer within 50 ms', letThrough: 1 },
          { limiter: 'attempts:start:token', error: 'no answer within 50 ms', letThrough: 1 },
        ]);
      });
    });
  });
});
