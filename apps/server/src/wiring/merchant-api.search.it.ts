import request from 'supertest';
import type { Session, TransactionId } from '@splitpay/domain';
import { type AccountTokens, call, seededSession, startAccountService } from '../../test/support/merchant-api-calls';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

interface TxView {
  readonly sessionId: string;
  readonly transaction: { readonly transactionId: string; readonly createdAt: number };
}

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('searches: GET /api/sessions, /api/attempts, /api/transactions', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  const seeded: Session[] = [];
  const T0 = Date.UTC(2025, 5, 1);

  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
    // 125 sessions of acme with two operations each: 250 transactions, many sharing an instant.
    for (let i = 0; i < 125; i++) {
      const session = seededSession(h, 'acme', { createdAt: T0 + Math.floor(i / 4) * 2, orderId: `order-${i % 10}`, transactions: 2 });
      seeded.push(session);
      await h.stores.sessions.insert(session);
    }
    for (let i = 0; i < 5; i++) await h.stores.sessions.insert(seededSession(h, 'globex', { createdAt: T0 + i, orderId: 'order-1', transactions: 2 }));
  }, 120_000);

  const get = (url: string, token = tokens.acme) => call(h.app, 'get', url, { token });

  it('walks 250 transactions 7 at a time, each exactly once and in order, while new ones are created', async () => {
    const expected = seeded
      .flatMap((s) => s.attempts.flatMap((a) => a.transactions))
      .map((t) => ({ createdAt: t.createdAt, id: t.id as string }))
      .sort(newestFirst)
      .map((t) => t.id);
    expect(expected).toHaveLength(250);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let later = T0 + 10_000_000;
    do {
      const res = await get(`/api/transactions?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const items = res.body.transactions as TxView[];
      expect(items.length).toBeLessThanOrEqual(7);
      seen.push(...items.map((v) => v.transaction.transactionId));
      cursor = res.body.nextCursor as string | undefined;
      pages++;
      // New operations keep arriving meanwhile: a new session, and one more operation on a seeded one.
      await h.stores.sessions.insert(seededSession(h, 'acme', { createdAt: (later += 10), transactions: 2 }));
      const target = (await h.stores.sessions.findById(seeded[pages % seeded.length]!.id))!;
      const attempt = target.attempts[0]!;
      const refund = { ...attempt.transactions[0]!, id: h.ids.newId() as TransactionId, type: 'refund' as const, createdAt: (later += 10), status: { kind: 'pending' as const } };
      const updated = { ...target, version: target.version + 1, attempts: [{ ...attempt, transactions: [...attempt.transactions, refund] }] };
      expect(await h.stores.sessions.save(updated, { expectedVersion: target.version })).toBe('saved');
    } while (cursor !== undefined && pages < 100);

    expect(pages).toBe(Math.ceil(250 / 7));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(250);
  });

  it('searches sessions newest first, 20 by default, with orderId, status and createdAt window filters', async () => {
    const page = await get('/api/sessions');
    expect(page.status).toBe(200);
    expect(page.body.sessions).toHaveLength(20);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const created = (page.body.sessions as { createdAt: number }[]).map((s) => s.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const byOrder = await get('/api/sessions?orderId=order-3&limit=100');
    expect(byOrder.body.sessions.length).toBeGreaterThan(0);
    expect((byOrder.body.sessions as { orderId: string; merchantId: string }[]).every((s) => s.orderId === 'order-3' && s.merchantId === 'acme')).toBe(true);

    const window = await get(`/api/sessions?from=${T0 + 4}&to=${T0 + 8}&limit=100`);
    expect((window.body.sessions as { createdAt: number }[]).map((s) => s.createdAt).sort()).toEqual([...Array(4).fill(T0 + 4), ...Array(4).fill(T0 + 6)]);

    const paid = await get('/api/sessions?status=PAID&limit=5');
    expect((paid.body.sessions as { status: string }[]).every((s) => s.status === 'PAID')).toBe(true);
    expect((await get('/api/sessions?status=EXPIRED')).body).toEqual({ sessions: [] });
  });

  it('searches attempts by session, method, provider and status, as AttemptViews', async () => {
    const session = seeded[7]!;
    const res = await get(`/api/attempts?sessionId=${session.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ attempts: [expect.objectContaining({ sessionId: session.id, merchantId: 'acme', orderId: session.orderId, attempt: expect.objectContaining({ attemptId: session.attempts[0]!.id }) })] });
    const cards = await get('/api/attempts?method=card&provider=fake&status=CAPTURED&limit=3');
    expect(cards.body.attempts).toHaveLength(3);
    expect((await get('/api/attempts?method=paypal')).body).toEqual({ attempts: [] });
  });

  it('searches transactions by providerRef, orderId and status, each naming its provider', async () => {
    const tx = seeded[11]!.attempts[0]!.transactions[1]!;
    const byRef = await get(`/api/transactions?providerRef=${tx.providerRef}`);
    expect(byRef.body.transactions.map((v: TxView) => v.transaction.transactionId)).toEqual([tx.id]);
    // The PSP that ran the operation, as its attempt names it: what a settlement report is matched by.
    expect(byRef.body.transactions[0]).toMatchObject({ attemptId: seeded[11]!.attempts[0]!.id, method: 'card', provider: 'fake', cardScheme: 'visa' });
    const failed = await get('/api/transactions?status=failed');
    expect(failed.body).toEqual({ transactions: [] });
    const byOrder = await get('/api/transactions?orderId=order-1&limit=100');
    expect((byOrder.body.transactions as { orderId: string; merchantId: string }[]).every((v) => v.orderId === 'order-1' && v.merchantId === 'acme')).toBe(true);
  });

  it('narrows transactions by provider and by type, with the other filters and across pages; an unknown provider is an empty page', async () => {
    const adyen: Session[] = [];
    for (let i = 0; i < 3; i++) {
      const base = seededSession(h, 'acme', { createdAt: T0 + 20_000_000 + i, orderId: 'order-adyen', transactions: 2 });
      const session = { ...base, attempts: base.attempts.map((a) => ({ ...a, provider: 'adyen' })) };
      adyen.push(session);
      await h.stores.sessions.insert(session);
    }
    const ids = (res: { body: { transactions: { transaction: { transactionId: string } }[] } }) => res.body.transactions.map((v) => v.transaction.transactionId);
    const captures = adyen.map((s) => s.attempts[0]!.transactions[1]!.id).reverse();

    const all = await get('/api/transactions?provider=adyen&limit=100');
    expect(all.status).toBe(200);
    expect(all.body.transactions).toHaveLength(6);
    expect((all.body.transactions as { provider: string }[]).every((v) => v.provider === 'adyen')).toBe(true);
    expect(ids(await get('/api/transactions?provider=adyen&type=capture&limit=100'))).toEqual(captures);
    expect(ids(await get('/api/transactions?type=capture&provider=adyen&orderId=order-adyen&status=succeeded&limit=100'))).toEqual(captures);
    expect(ids(await get(`/api/transactions?provider=adyen&type=capture&from=${T0 + 20_000_002}&limit=100`))).toEqual(captures.slice(0, 2));
    const fakeCaptures = await get('/api/transactions?provider=fake&type=capture&limit=100');
    expect((fakeCaptures.body.transactions as { provider: string; transaction: { type: string } }[]).every((v) => v.provider === 'fake' && v.transaction.type === 'capture')).toBe(true);
    expect(fakeCaptures.body.transactions.length).toBeGreaterThan(0);

    // One at a time: the cursor carries the filters it was made under, as the others' cursors do.
    const first = await get('/api/transactions?provider=adyen&type=capture&limit=1');
    const cursor = encodeURIComponent(first.body.nextCursor as string);
    const second = await get(`/api/transactions?provider=adyen&type=capture&limit=1&cursor=${cursor}`);
    expect(ids(second)).toEqual([captures[1]]);
    for (const other of ['provider=adyen&type=authorization', 'provider=fake&type=capture', 'type=capture', 'provider=adyen']) {
      const refused = await get(`/api/transactions?${other}&limit=1&cursor=${cursor}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ code: 'InvalidRequest', message: expect.stringMatching(/cursor/) });
    }

    // As GET /api/attempts treats its own provider filter: a name no attempt carries finds nothing.
    expect((await get('/api/attempts?provider=nobody')).body).toEqual({ attempts: [] });
    expect(await get('/api/transactions?provider=nobody')).toMatchObject({ status: 200, body: { transactions: [] } });
    expect((await get('/api/transactions?type=void')).body).toEqual({ transactions: [] });
  });

  it('intersects the merchantId filter with the caller: another merchant gives an empty page, never an error', async () => {
    for (const kind of ['sessions', 'attempts', 'transactions']) {
      const foreign = await get(`/api/${kind}?merchantId=globex`);
      expect(foreign.status).toBe(200);
      expect(foreign.body).toEqual({ [kind]: [] });
      const own = await get(`/api/${kind}?merchantId=acme&limit=1`);
      expect(own.body[kind]).toHaveLength(1);
      const contact = await get(`/api/${kind}?merchantId=globex`, tokens.acmeAdmin);
      expect(contact.body).toEqual({ [kind]: [] });
    }
    const globex = await get('/api/sessions?limit=100', tokens.globex);
    expect(globex.body.sessions).toHaveLength(5);
  });

  describe('cursors', () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await get('/api/transactions?limit=2&orderId=order-1')).body.nextCursor as string;
    });
    const page = (query: string, token?: string) => get(`/api/transactions?${query}`, token);

    it('continues the same search', async () => {
      const next = await page(`limit=2&orderId=order-1&cursor=${encodeURIComponent(cursor)}`);
      expect(next.status).toBe(200);
      // Page size may change between pages; the cursor stays valid.
      expect((await page(`limit=5&orderId=order-1&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    });

    const invalid: [string, () => [string, string?]][] = [
      ['a garbage cursor', () => ['limit=2&orderId=order-1&cursor=garbage']],
      ['a tampered cursor', () => [`limit=2&orderId=order-1&cursor=${encodeURIComponent(`${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`)}`]],
      ['a truncated cursor', () => [`limit=2&orderId=order-1&cursor=${encodeURIComponent(cursor.slice(0, -2))}`]],
      ['a cursor from a search with other filters', () => [`limit=2&orderId=order-2&cursor=${encodeURIComponent(cursor)}`]],
      ['a cursor from a search without filters', () => [`limit=2&cursor=${encodeURIComponent(cursor)}`]],
      ["another merchant's cursor", () => [`limit=2&orderId=order-1&cursor=${encodeURIComponent(cursor)}`, tokens.globex]],
    ];
    it.each(invalid)('refuses %s with InvalidRequest', async (_label, make) => {
      const [query, token] = make();
      const res = await page(query, token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'InvalidRequest', message: expect.stringMatching(/cursor/) });
    });

    it('refuses a cursor of another listing', async () => {
      const sessionsCursor = (await get('/api/sessions?limit=1')).body.nextCursor as string;
      const res = await get(`/api/transactions?cursor=${encodeURIComponent(sessionsCursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('InvalidRequest');
    });
  });

  describe('query parameters', () => {
    it.each([
      ['limit above 100', '/api/transactions?limit=101', /^query\.limit must be at most 100$/],
      ['limit zero', '/api/sessions?limit=0', /^query\.limit must be at least 1$/],
      ['limit not a number', '/api/attempts?limit=ten', /^query\.limit must be an integer$/],
      ['from not a number', '/api/transactions?from=yesterday', /^query\.from must be an integer$/],
      ['to negative', '/api/sessions?to=-5', /^query\.to must be at least 0$/],
      ['unknown parameter', '/api/transactions?amount=100', /^query\.amount is not a declared property$/],
      ['__proto__ parameter', '/api/sessions?__proto__=x', /^query\.__proto__ is not a declared property$/],
      ['constructor parameter', '/api/attempts?constructor=1', /^query\.constructor is not a declared property$/],
      ['repeated parameter', '/api/sessions?orderId=a&orderId=b', /^query\.orderId must be of type string$/],
      ['session status', '/api/sessions?status=paid', /^query\.status must be one of PENDING, /],
      ['attempt status', '/api/attempts?status=PAID', /^query\.status must be one of AUTHORIZING, /],
      ['transaction status', '/api/transactions?status=PENDING', /^query\.status must be one of pending, succeeded, failed, cancelled$/],
      ['attempt method', '/api/attempts?method=cash', /^query\.method must be one of card, /],
      ['attempt sessionId', '/api/attempts?sessionId=42', /^query\.sessionId must be a lowercase UUID$/],
      ['empty orderId', '/api/transactions?orderId=', /^query\.orderId must be at least 1 characters long$/],
      ['transaction type', '/api/transactions?type=chargeback', /^query\.type must be one of authorization, payment, capture, void, refund$/],
      ['empty provider', '/api/transactions?provider=', /^query\.provider must be at least 1 characters long$/],
    ])('refuses %s with InvalidRequest naming it', async (_label, url, message) => {
      const res = await get(url);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('InvalidRequest');
      expect(res.body.message).toMatch(message);
    });

    it('is Unauthorized without a token', async () => {
      for (const kind of ['sessions', 'attempts', 'transactions']) {
        const res = await request(h.app).get(`/api/${kind}`);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('Unauthorized');
      }
    });
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
