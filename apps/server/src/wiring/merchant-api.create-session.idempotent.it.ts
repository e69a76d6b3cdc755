import { merchantId } from '@splitpay/domain';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ElementsClient } from '../../test/support/elements-client';
import { type AccountTokens, call, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import { merchantEntry, SHOP } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

/** POST /api/sessions with an idempotency-key header (docs/decisions.md D63). */
describe('POST /api/sessions with an idempotency-key', () => {
  // Embedded, so that the stored documents can be read raw.
  const stores = createEmbeddedStores();
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService({ stores }));
  }, 60_000);
  const create = (body: unknown, key?: string, token = tokens.acme) =>
    call(h.app, 'post', '/api/sessions', { body, token, ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}) });
  const storedOf = (merchantId: string, orderId: string) => stores.database.collection('sessions').find({ merchantId, orderId }).toArray();

  it('answers a retry with the same body exactly as the first (status, Location, sessionId, token, expiresAt), creates nothing and logs the replay without the token', async () => {
    const first = await create(sessionBody({ orderId: 'replay-1', ttlMs: 60_000, customer: { email: 'ada@example.test', firstName: 'Ada' } }), 'key-replay-1');
    expect(first.status).toBe(201);
    h.clock.advance(10_000);
    const retry = await create({ customer: { firstName: 'Ada', email: 'ada@example.test' }, ttlMs: 60_000, ...sessionBody({ orderId: 'replay-1' }) }, 'key-replay-1');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(retry.headers['cache-control']).toBe('no-store');
    const documents = await storedOf('acme', 'replay-1');
    expect(documents).toHaveLength(1);
    expect(JSON.stringify(documents)).not.toContain(first.body.elementsToken.slice(4));
    const replayed = h.logLines.filter((line) => line.includes('session.creation_replayed'));
    expect(replayed).toHaveLength(1);
    expect(replayed[0]).toContain(first.body.sessionId);
    expect(h.logLines.join('\n')).not.toContain(first.body.elementsToken.slice(4));
    // The answered token is the page's credential of that session.
    const view = await new ElementsClient(h.url, retry.body.elementsToken).view();
    expect(view.status).toBe(200);
  });

  it('answers 409 IdempotencyKeyConflict to the same key with another body, and creates nothing', async () => {
    await create(sessionBody({ orderId: 'conflict-1' }), 'key-conflict-1');
    const other = await create(sessionBody({ orderId: 'conflict-1', total: 12_000 }), 'key-conflict-1');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ code: 'IdempotencyKeyConflict', message: expect.stringContaining('another session request') });
    expect(await storedOf('acme', 'conflict-1')).toHaveLength(1);
  });

  it("keeps a key to its merchant: another merchant's same key creates its own session", async () => {
    const mine = await create(sessionBody({ orderId: 'scope-1' }), 'key-scope-1');
    const theirs = await create(sessionBody({ orderId: 'scope-1' }), 'key-scope-1', tokens.globex);
    expect(theirs.status).toBe(201);
    expect(theirs.body.sessionId).not.toBe(mine.body.sessionId);
    expect(await storedOf('globex', 'scope-1')).toHaveLength(1);
  });

  it('creates exactly one session for ten concurrent requests with one key, all answered the same', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(sessionBody({ orderId: 'burst-1' }), 'key-burst-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await storedOf('acme', 'burst-1')).toHaveLength(1);
  });

  it('refuses a key out of the limits (empty, over 64 characters) with InvalidRequest, creating nothing', async () => {
    for (const key of ['', 'k'.repeat(65)]) {
      const res = await create(sessionBody({ orderId: 'limits-1' }), key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'InvalidRequest', message: expect.stringContaining('idempotency-key') });
    }
    expect((await create(sessionBody({ orderId: 'limits-1' }), 'k'.repeat(64))).status).toBe(201);
    expect(await storedOf('acme', 'limits-1')).toHaveLength(1);
  });

  it('creates a session at each request without a key, storing no idempotency field', async () => {
    const [a, b] = [await create(sessionBody({ orderId: 'plain-1' })), await create(sessionBody({ orderId: 'plain-1' }))];
    expect(a.body.sessionId).not.toBe(b.body.sessionId);
    const documents = await storedOf('acme', 'plain-1');
    expect(documents).toHaveLength(2);
    for (const document of documents) expect(document).not.toHaveProperty('idempotency');
  });

  itAnsweredAsTheOpenApiDocumentSays();
});

describe('POST /api/sessions with an idempotency-key after the account changed so that the rules refuse the order (D69)', () => {
  let h: ServiceHarness;
  let token: string;
  let first: Awaited<ReturnType<typeof call>>;
  const body = sessionBody({ orderId: 'changed-1' });
  const create = (sent: unknown, key?: string) =>
    call(h.app, 'post', '/api/sessions', { body: sent, token, ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}) });
  beforeAll(async () => {
    h = await startService();
    token = await h.clientToken(SHOP);
    first = await create(body, 'key-changed-1');
    expect(first.status).toBe(201);
    // The merchants file loaded again: the account no longer has a contract serving cards.
    await h.reload({ merchants: [merchantEntry(SHOP, [{ method: 'paypal', provider: 'fake' }])] });
  }, 60_000);
  afterAll(() => h.close());

  it('answers a retry with the same key and body exactly as the first (201, Location, sessionId, token), creates nothing and logs the replay', async () => {
    const retry = await create(body, 'key-changed-1');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(h.logLines.filter((line) => line.includes('session.creation_replayed') && line.includes(first.body.sessionId))).toHaveLength(1);
    expect((await h.stores.sessions.searchSessions({ merchantId: merchantId(SHOP.merchantId), orderId: 'changed-1', limit: 10 })).items).toHaveLength(1);
  });

  it('answers 409 IdempotencyKeyConflict to the same key with another body, not the rule', async () => {
    const other = await create(sessionBody({ orderId: 'changed-1', total: 12_000 }), 'key-changed-1');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ code: 'IdempotencyKeyConflict', message: expect.stringContaining('another session request') });
  });

  it("answers the rule's refusal to the same body under a new key, or under none", async () => {
    for (const key of ['key-changed-2', undefined]) {
      const refused = await create(body, key);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'NoProviderForMethod' });
    }
    expect((await h.stores.sessions.searchSessions({ merchantId: merchantId(SHOP.merchantId), orderId: 'changed-1', limit: 10 })).items).toHaveLength(1);
  });
});

describe('POST /api/sessions with an idempotency-key after the signing key was rotated', () => {
  it('answers 409 IdempotencyKeyConflict saying so, and creates nothing', async () => {
    const stores = createEmbeddedStores();
    const before = await startService({ stores, env: { ACCESS_TOKEN_SIGNING_KEY: 'the-key-before-rotation-0123456789abcdef' } });
    const after = await startService({ stores, env: { ACCESS_TOKEN_SIGNING_KEY: 'the-key-after-rotation-0123456789abcdef' } });
    const post = async (h: ServiceHarness) =>
      fetch(`${h.url}/api/sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}`, 'Content-Type': 'application/json', 'idempotency-key': 'key-rotated-1' },
        body: JSON.stringify(sessionBody({ orderId: 'rotated-1' })),
      });
    expect((await post(before)).status).toBe(201);
    const retry = await post(after);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toEqual({ code: 'IdempotencyKeyConflict', message: expect.stringContaining('signing key was rotated') });
    expect(await stores.database.collection('sessions').find({ merchantId: 'shop', orderId: 'rotated-1' }).toArray()).toHaveLength(1);
  });
});
