import { createHash } from 'node:crypto';
import request from 'supertest';
import { MAX_METHOD_ENTRIES, merchantId } from '@splitpay/domain';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { type AccountTokens, call, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import { SECOND_ACQUIRER } from '../../test/support/merchants.fixture';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const FULL_DETAIL = {
  itemId: 'sku-1',
  category: 'electronics',
  brand: 'Acme',
  discount: 0,
  tax: 1_667,
  delivery: { type: 'carrier', speed: 'standard', expectedDate: '2026-02-10', expectedDelay: 3, label: 'Colissimo' },
};
const FINANCING = {
  methods: [{ method: 'oney' }],
  cartItems: [{ label: 'TV', quantity: 1, amount: { amount: 10_000, currency: 'EUR' }, detail: FULL_DETAIL }],
  billing: { firstName: 'Ada', lastName: 'Lovelace', address: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' },
  customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};
const ALIAS = { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2027-12-31' };
/** The way back a method that sends the payer to its PSP's page needs. */
const BACK = { returnUrl: 'https://acme.example.test/back' };

describe('POST /api/sessions', () => {
  // Embedded, so that the stored documents can be read raw.
  const stores = createEmbeddedStores();
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService({ stores }));
  }, 60_000);
  const create = (body: unknown, ...token: [string?]) => {
    const bearer = token.length === 0 ? tokens.acme : token[0];
    return call(h.app, 'post', '/api/sessions', { body, ...(bearer !== undefined ? { token: bearer } : {}) });
  };

  it('answers 201 { elementsToken, sessionId, expiresAt } with Location, and stores only the token digest', async () => {
    const res = await create(sessionBody({ ttlMs: 60_000 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ elementsToken: expect.stringMatching(/^pst_[A-Za-z0-9_-]{43,}$/), sessionId: expect.any(String), expiresAt: h.clock.now() + 60_000 });
    expect(res.headers.location).toBe(`/api/sessions/${res.body.sessionId}`);
    expect(res.body.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const stored = await h.stores.sessions.findById(res.body.sessionId);
    expect(stored).toMatchObject({ merchantId: 'acme', status: 'PENDING', version: 1, dueAt: res.body.expiresAt });
    expect(stored?.elementsTokenHash).toBe(createHash('sha256').update(res.body.elementsToken).digest('hex'));
    const documents = await stores.database.collection('sessions').find({ _id: res.body.sessionId }).toArray();
    expect(documents).toHaveLength(1);
    expect(JSON.stringify(documents)).not.toContain(res.body.elementsToken.slice(4));
  });

  it.each([
    ['48 hours', 48 * 3_600_000],
    ['a year', 365 * 24 * 3_600_000],
  ])('answers 201 at a lifetime of %s, the contract setting no maximum (D105-a), and the session reads back with that expiresAt', async (_, ttlMs) => {
    const res = await create(sessionBody({ ttlMs }));
    expect(res.status).toBe(201);
    expect(res.body.expiresAt).toBe(h.clock.now() + ttlMs);
    const read = await call(h.app, 'get', `/api/sessions/${res.body.sessionId}`, { token: tokens.acme });
    expect(read.body.expiresAt).toBe(res.body.expiresAt);
  });

  it('answers 400 InvalidRequest only for a lifetime that would put expiresAt past the last Date, which the OpenAPI document shows', async () => {
    const res = await create(sessionBody({ ttlMs: 8.64e15 - h.clock.now() + 1 }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(res.body.message).toBe(`ttlMs must be at most ${8.64e15 - h.clock.now()}: expiresAt would pass the last representable time (8640000000000000 ms since 1970)`);
    const doc = (await request(h.app).get('/openapi.json')).body;
    expect(doc.components.schemas.SessionRequest.properties.ttlMs).toMatchObject({ minimum: 1000, maximum: 8.64e15 });
  });

  it('takes the merchant from the token, defaults ttl to 15 minutes, and fixes the notification address', async () => {
    const res = await create(sessionBody({ merchantId: 'globex' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('merchantId');
    const created = await create(sessionBody());
    expect(created.body.expiresAt).toBe(h.clock.now() + 15 * 60_000);
    const session = await call(h.app, 'get', `/api/sessions/${created.body.sessionId}`, { token: tokens.acme });
    expect(session.body).toMatchObject({ merchantId: 'acme', notification: { url: 'https://acme.example.test/hooks', failures: 0, abandoned: false } });
    const own = await create(sessionBody({ notificationUrl: 'http://receiver:8080/hooks' }));
    const read = await call(h.app, 'get', `/api/sessions/${own.body.sessionId}`, { token: tokens.acme });
    expect(read.body.notification).toEqual({ url: 'http://receiver:8080/hooks', failures: 0, abandoned: false });
  });

  // Accounts are changed through the instance's own repository, whose cache forgets them at once (D57).
  it('keeps the address fixed at creation when the account address changes later', async () => {
    const before = await create(sessionBody());
    const account = (await h.stores.merchants.findById(merchantId('acme')))!;
    await h.instance.core.stores.merchants.upsert({ ...account, notificationUrl: 'https://moved.acme.example.test/hooks' });
    try {
      const kept = await call(h.app, 'get', `/api/sessions/${before.body.sessionId}`, { token: tokens.acme });
      expect(kept.body.notification.url).toBe('https://acme.example.test/hooks');
      const after = await create(sessionBody());
      const moved = await call(h.app, 'get', `/api/sessions/${after.body.sessionId}`, { token: tokens.acme });
      expect(moved.body.notification.url).toBe('https://moved.acme.example.test/hooks');
      // With neither address, the ending is not announced: no notification state at all.
      const { notificationUrl: _gone, ...silent } = account;
      await h.instance.core.stores.merchants.upsert(silent);
      const none = await create(sessionBody());
      expect((await call(h.app, 'get', `/api/sessions/${none.body.sessionId}`, { token: tokens.acme })).body.notification).toBeUndefined();
    } finally {
      await h.instance.core.stores.merchants.upsert(account);
    }
  });

  it('serves methods by the account contracts: whitelisted ones only when the filters name them', async () => {
    const methods = [{ method: 'card' }, { method: 'paypal' }, { method: 'wero' }];
    const offered = async (filters?: object): Promise<string[]> => {
      const res = await create(sessionBody({ methods, ...BACK, ...(filters ? { paymentMethodFilters: filters } : {}) }));
      expect(res.status).toBe(201);
      return ((await h.stores.sessions.findById(res.body.sessionId))?.methods ?? []).map((m) => m.id);
    };
    expect(await offered()).toEqual(['card']);
    expect(await offered({ country: 'FR' })).toEqual(['card', 'paypal']);
    expect(await offered({ country: 'DE', channel: 'web' })).toEqual(['card', 'wero']);
  });

  describe('access', () => {
    it('is Unauthorized for a contact token, even an admin one, and without a token', async () => {
      for (const token of [tokens.acmeAdmin, undefined, 'not-a-token']) {
        const res = await create(sessionBody(), token);
        expect(res.status).toBe(401);
        // RFC 6750 section 3.1: a refused token is invalid_token; a request without one gets the bare challenge.
        expect(res.headers['www-authenticate']).toBe(token === undefined ? 'Bearer' : 'Bearer error="invalid_token"');
        expect(res.body).toEqual({ code: 'Unauthorized', message: expect.any(String) });
      }
    });
  });

  describe('refusals, one code each', () => {
    const cases: [string, Record<string, unknown>, RegExp | null][] = [
      ['UnknownProvider', { methods: [{ method: 'card', provider: 'nopsp' }] }, /nopsp/],
      ['ProviderNotContracted', { methods: [{ method: 'card', provider: SECOND_ACQUIRER }] }, null],
      ['AmbiguousProvider', { methods: [{ method: 'applepay' }] }, new RegExp(`fake, ${SECOND_ACQUIRER}`)],
      ['NoProviderForMethod', { methods: [{ method: 'wero' }] }, /countries or channels/],
      ['InvalidOrderReference', { orderId: '' }, null],
      ['InvalidOrderReference', { orderId: 'o'.repeat(32) }, null],
      ['InvalidOrderReference', { orderId: '   ' }, /white space/],
      ['DuplicateMethodId', { methods: [{ method: 'card' }, { method: 'card' }] }, null],
      ['DuplicateMethodId', { methods: [{ method: 'card', id: 'pay' }, { method: 'ancv', id: 'pay' }] }, null],
      ['InvalidNotificationUrl', { notificationUrl: 'not a url' }, null],
      ['InvalidNotificationUrl', { notificationUrl: 'http://merchant.example.com/hooks' }, null],
      ['InvalidNotificationUrl', { notificationUrl: `https://${'a'.repeat(64)}.example/hooks` }, /at most 63/],
      ['UnknownBnplPlan', { ...FINANCING, methods: [{ method: 'oney', plans: [{ installments: 12, withFees: true }] }] }, null],
      ['DuplicatePlan', { ...FINANCING, methods: [{ method: 'oney', plans: [{ installments: 3, withFees: false }, { installments: 3, withFees: false }] }] }, null],
      ['BnplRequiresItemizedCart', { ...FINANCING, cartItems: undefined }, null],
      ['BnplRequiresItemizedCart', { ...FINANCING, cartItems: [{ label: 'TV', quantity: 1, amount: { amount: 10_000, currency: 'EUR' } }] }, /cartItems\[0\]\.detail/],
      ['BnplNeedsBillingAddress', { ...FINANCING, billing: undefined }, /billing$/],
      ['BnplNeedsBillingAddress', { ...FINANCING, billing: { ...FINANCING.billing, city: undefined } }, /billing\.city/],
      ['AliasNeedsRegistrableMethod', { mustCreateAlias: true, methods: [{ method: 'ancv' }] }, null],
      ['AliasRequiresChallenge', { methods: [{ method: 'card', createAlias: ALIAS, threeDSecure: 'frictionless' }] }, null],
      ['AliasRequiresChallenge', { mustCreateAlias: true, methods: [{ method: 'card', threeDSecure: 'frictionless' }] }, null],
    ];

    it.each(cases)('%s (case %#)', async (code, overrides, message) => {
      const res = await create(JSON.parse(JSON.stringify(sessionBody(overrides))));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(code);
      if (message) expect(res.body.message).toMatch(message);
    });

    it('InvalidNotificationUrl when the account agreed no authorization value: the ending could not carry it', async () => {
      // The merchants file requires the value (D48); an account stored without one is the case left.
      const account = (await h.stores.merchants.findById(merchantId('globex')))!;
      const { webhookAuthorizationSealed: _agreed, ...withoutValue } = account;
      await h.instance.core.stores.merchants.upsert(withoutValue);
      try {
        const res = await call(h.app, 'post', '/api/sessions', { token: tokens.globex, body: sessionBody({ notificationUrl: 'https://globex.example.test/hooks' }) });
        expect([res.status, res.body.code]).toEqual([422, 'InvalidNotificationUrl']);
        expect(res.body.message).toMatch(/authorization/);
        // Without an address of its own, the session of such an account announces nothing, as before.
        expect((await call(h.app, 'post', '/api/sessions', { token: tokens.globex, body: sessionBody() })).status).toBe(201);
      } finally {
        await h.instance.core.stores.merchants.upsert(account);
      }
    });

    it('NoProviderForMethod when no contract of the account serves a method', async () => {
      const res = await call(h.app, 'post', '/api/sessions', { token: tokens.globex, body: sessionBody({ methods: [{ method: 'paypal' }] }) });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('NoProviderForMethod');
    });

    it('creates a session offering a method that sends the payer to its PSP without returnUrl (201): the method is only unusable (D61)', async () => {
      for (const method of ['paypal', 'ancv']) {
        const res = await create(sessionBody({ methods: [{ method: 'card' }, { method, id: `pay-${method}` }], paymentMethodFilters: { country: 'FR' }, returnUrl: undefined }));
        expect(res.status).toBe(201);
      }
      expect((await create(sessionBody({ ...FINANCING, returnUrl: undefined }))).status).toBe(201);
      const inPage = await create(sessionBody({ methods: [{ method: 'card' }, { method: 'applepay', provider: SECOND_ACQUIRER }], returnUrl: undefined }));
      expect(inPage.status).toBe(201);
      expect((await create(sessionBody({ methods: [{ method: 'paypal' }], paymentMethodFilters: { country: 'FR' }, ...BACK }))).status).toBe(201);
    });

    it('the dedicated codes answer before the schema would', async () => {
      expect((await create(sessionBody({ orderId: 'o'.repeat(40), total: 'lots' }))).body.code).toBe('InvalidOrderReference');
      expect((await create(sessionBody({ notificationUrl: 'ftp://x.example', total: 'lots' }))).body.code).toBe('InvalidNotificationUrl');
    });

    it('accepts what those rules allow', async () => {
      expect((await create(sessionBody({ ...FINANCING, ...BACK }))).status).toBe(201);
      expect((await create(sessionBody({ methods: [{ method: 'applepay', provider: SECOND_ACQUIRER }] }))).status).toBe(201);
      expect((await create(sessionBody({ mustCreateAlias: true, methods: [{ method: 'card', createAlias: ALIAS }, { method: 'ancv' }], ...BACK }))).status).toBe(201);
      expect((await create(sessionBody({ orderId: 'o'.repeat(31), notificationUrl: 'http://localhost:4000/n' }))).status).toBe(201);
    });

    it("refuses with 400 InvalidRequest a card registration whose last day is before today (UTC), storing nothing; today's is taken", async () => {
      const inserts = [jest.spyOn(h.instance.core.stores.sessions, 'insert'), jest.spyOn(h.instance.core.stores.sessions, 'insertKeyed')];
      try {
        // The harness clock stands at 2026-01-01.
        for (const recurringExpiry of ['2001-01-01', '2025-12-31']) {
          const res = await create(sessionBody({ mustCreateAlias: true, methods: [{ method: 'card', createAlias: { ...ALIAS, mode: 'subscription', recurringExpiry } }] }));
          expect([res.status, res.body.code]).toEqual([400, 'InvalidRequest']);
          expect(res.body.message).toBe(`methods[0].createAlias.recurringExpiry ${recurringExpiry} is before today (2026-01-01, UTC): the registration could never be used`);
        }
        expect(inserts.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
        const today = await create(sessionBody({ methods: [{ method: 'card', createAlias: { ...ALIAS, recurringExpiry: '2026-01-01' } }] }));
        expect(today.status).toBe(201);
        expect(inserts.map((spy) => spy.mock.calls.length)).toEqual([1, 0]);
      } finally {
        inserts.forEach((spy) => spy.mockRestore());
      }
    });

    it(`refuses with 400 InvalidRequest more than ${MAX_METHOD_ENTRIES} method entries, a bound the OpenAPI document shows`, async () => {
      const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ method: 'card', id: `card-${i}` }));
      const res = await create(sessionBody({ methods: entries(5_000) }));
      expect([res.status, res.body.code]).toEqual([400, 'InvalidRequest']);
      expect(res.body.message).toMatch(/^methods /);
      expect((await create(sessionBody({ methods: entries(MAX_METHOD_ENTRIES + 1) }))).status).toBe(400);
      expect((await create(sessionBody({ methods: entries(MAX_METHOD_ENTRIES) }))).status).toBe(201);
      const doc = (await request(h.app).get('/openapi.json')).body;
      expect(doc.components.schemas.SessionRequest.properties.methods).toMatchObject({ minItems: 1, maxItems: MAX_METHOD_ENTRIES });
    });

    it('takes every limit of the contract at its bound (one past it is InvalidRequest, InvalidOrderReference)', async () => {
      const atBounds = sessionBody({
        total: 1,
        ttlMs: 1_000,
        orderId: 'o'.repeat(31),
        extraData: 'e'.repeat(255),
        paymentMethodFilters: { channel: 'c'.repeat(64) },
        cartItems: [{ label: 'TV', quantity: 1, amount: { amount: 1, currency: 'EUR' }, detail: { brand: 'b'.repeat(100), delivery: { label: 'l'.repeat(100) } } }],
      });
      const res = await create(atBounds);
      expect([res.status, res.body.expiresAt]).toEqual([201, h.clock.now() + 1_000]);
      const read = await call(h.app, 'get', `/api/sessions/${res.body.sessionId}`, { token: tokens.acme });
      expect(read.body).toMatchObject({ total: { amount: 1 }, orderId: 'o'.repeat(31), extraData: 'e'.repeat(255), paymentMethodFilters: { channel: 'c'.repeat(64) } });
    });

    it('takes plain http for in-cluster and private-use names, which cannot exist on the public internet', async () => {
      for (const notificationUrl of ['http://notifier.shop.svc.cluster.local:8080/hooks', 'http://hooks.shop.internal/n', 'http://receiver.home.arpa/n']) {
        const res = await create(sessionBody({ notificationUrl }));
        expect([notificationUrl, res.status]).toEqual([notificationUrl, 201]);
      }
      for (const notificationUrl of ['http://local.shop.com/hooks', 'http://internal.merchant.example/n', 'http://shop.arpa/n']) {
        const res = await create(sessionBody({ notificationUrl }));
        expect([notificationUrl, res.status, res.body.code]).toEqual([notificationUrl, 422, 'InvalidNotificationUrl']);
      }
    });
  });

  it('refuses malformed JSON with InvalidRequest, a body of another media type with 415, one too large with 413', async () => {
    const bad = await request(h.app).post('/api/sessions').set('Authorization', `Bearer ${tokens.acme}`).type('json').send('{"currency":');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('InvalidRequest');
    const text = await request(h.app).post('/api/sessions').set('Authorization', `Bearer ${tokens.acme}`).type('text/plain').send(JSON.stringify(sessionBody()));
    expect([text.status, text.body]).toEqual([415, { code: 'UnsupportedMediaType', message: 'Request body must be application/json' }]);
    const big = sessionBody({ statementDescriptor: 'x'.repeat(300_000) });
    const res = await request(h.app).post('/api/sessions').set('Authorization', `Bearer ${tokens.acme}`).send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PayloadTooLarge', message: expect.stringMatching(/too large/) });
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
