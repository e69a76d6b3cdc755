import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { Session } from '@splitpay/domain';
import { type AccountTokens, call, seededSession, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const INTERNAL = ['elementsTokenHash', 'version', 'dueAt', 'lease', 'dispatch', 'capabilities', 'idempotencyKey', 'verdictDueAt', 'methods', 'delivery', 'payload'];

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysDeep(v, out.add(k));
  return out;
}

describe('GET /api/sessions/{id}, /api/attempts/{id}, /api/transactions/{id}', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  let paid: Session;
  let other: Session;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
    paid = seededSession(h, 'acme', { createdAt: h.clock.now(), transactions: 2 });
    other = seededSession(h, 'globex', { createdAt: h.clock.now(), transactions: 2 });
    const attempt = paid.attempts[0]!;
    const [auth, capture] = attempt.transactions as [Session['attempts'][0]['transactions'][0], Session['attempts'][0]['transactions'][0]];
    paid = {
      ...paid,
      notification: { url: 'https://acme.example.test/hooks', delivery: { url: 'https://acme.example.test/hooks', notificationId: `${paid.id}:PAID`, payload: { secret: 'x' }, failures: 2, abandoned: false, deliveredAt: h.clock.now() + 5, nextAttemptAt: 1 } },
      dueAt: h.clock.now() + 10,
      terms: [{ label: 'CGV', url: 'https://acme.example.test/cgv' }],
      termsAcceptedAt: h.clock.now(),
      attempts: [
        {
          ...attempt,
          partialAuth: 'mandated',
          cardAlias: 'alias-1',
          verdictDueAt: 99,
          transactions: [
            { ...auth, ack: { code: 'OK', message: 'accepted', httpStatus: 201 } },
            { ...capture, dispatch: { state: 'sent', at: 3 }, status: { kind: 'failed', statusCode: '05', statusMessage: 'Do not honour', category: 'bank-refusal' } },
          ],
        },
      ],
    };
    await h.stores.sessions.insert(paid);
    await h.stores.sessions.insert(other);
  }, 60_000);

  it('reads a session with every required field and no internal one', async () => {
    const res = await call(h.app, 'get', `/api/sessions/${paid.id}`, { token: tokens.acme });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sessionId: paid.id,
      merchantId: 'acme',
      orderId: paid.orderId,
      status: 'PAID',
      total: { amount: 1000, currency: 'EUR' },
      captured: { amount: 1000, currency: 'EUR' },
      createdAt: paid.createdAt,
      expiresAt: paid.expiresAt,
      notification: { url: 'https://acme.example.test/hooks', deliveredAt: h.clock.now() + 5, failures: 2, abandoned: false },
      terms: [{ label: 'CGV', url: 'https://acme.example.test/cgv' }],
    });
    expect(res.body.attempts[0]).toMatchObject({
      attemptId: paid.attempts[0]!.id,
      method: 'card',
      methodId: 'card',
      provider: 'fake',
      status: 'CAPTURED',
      partialAuth: 'mandated',
      cardAlias: 'alias-1',
      cardScheme: 'visa',
      requested: { amount: 1000, currency: 'EUR' },
      granted: { amount: 1000, currency: 'EUR' },
      refunded: { amount: 0, currency: 'EUR' },
      refundable: { amount: 1000, currency: 'EUR' },
    });
    expect(res.body.attempts[0].transactions[0]).toMatchObject({ type: 'authorization', ackCode: 'OK', ackMessage: 'accepted', ackHttpStatus: 201, providerRef: expect.any(String) });
    expect(res.body.attempts[0].transactions[1].status).toEqual({ kind: 'failed', statusCode: '05', statusMessage: 'Do not honour', category: 'bank-refusal' });
    const keys = keysDeep(res.body);
    for (const internal of INTERNAL) expect(keys.has(internal)).toBe(false);
  });

  it('reads a created session the same way, with contact tokens too', async () => {
    const created = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body: sessionBody({ extraData: 'tag', returnUrl: 'https://shop.example/back', paymentMethodFilters: { country: 'FR' } }) });
    const res = await call(h.app, 'get', `/api/sessions/${created.body.sessionId}`, { token: tokens.acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PENDING', attempts: [], extraData: 'tag', returnUrl: 'https://shop.example/back', paymentMethodFilters: { country: 'FR' } });
  });

  it('reads an attempt as AttemptView and a transaction as TransactionView', async () => {
    const attempt = paid.attempts[0]!;
    const a = await call(h.app, 'get', `/api/attempts/${attempt.id}`, { token: tokens.acme });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ sessionId: paid.id, merchantId: 'acme', orderId: paid.orderId, attempt: { attemptId: attempt.id, transactions: expect.any(Array) } });
    const tx = attempt.transactions[1]!;
    const t = await call(h.app, 'get', `/api/transactions/${tx.id}`, { token: tokens.acmeAdmin });
    expect(t.status).toBe(200);
    expect(t.body).toEqual({
      sessionId: paid.id,
      merchantId: 'acme',
      orderId: paid.orderId,
      attemptId: attempt.id,
      method: 'card',
      provider: 'fake',
      cardScheme: 'visa',
      transaction: {
        transactionId: tx.id,
        createdAt: tx.createdAt,
        updatedAt: tx.updatedAt,
        type: 'capture',
        amount: { amount: 1000, currency: 'EUR' },
        providerRef: tx.providerRef,
        status: { kind: 'failed', statusCode: '05', statusMessage: 'Do not honour', category: 'bank-refusal' },
      },
    });
  });

  describe.each([
    ['sessions', () => other.id],
    ['attempts', () => other.attempts[0]!.id],
    ['transactions', () => other.attempts[0]!.transactions[0]!.id],
  ])('/api/%s/{id}', (resource, otherId) => {
    it("answers another merchant's resource byte-for-byte like an unknown one", async () => {
      const foreign = await call(h.app, 'get', `/api/${resource}/${otherId()}`, { token: tokens.acme });
      const unknown = await call(h.app, 'get', `/api/${resource}/${h.ids.newId()}`, { token: tokens.acme });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.body.code).toBe('NotFound');
      expect(foreign.text).toBe(unknown.text);
      expect(foreign.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(foreign.headers['content-length']).toBe(unknown.headers['content-length']);
      // The owner reads it.
      expect((await call(h.app, 'get', `/api/${resource}/${otherId()}`, { token: tokens.globex })).status).toBe(200);
    });

    it.each(['not-a-uuid', '0190C0DE-0000-7000-8000-000000000001', '0190c0de00007000800000000000000a'])('answers InvalidRequest for the malformed id %s', async (id) => {
      const res = await call(h.app, 'get', `/api/${resource}/${id}`, { token: tokens.acme });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('InvalidRequest');
      expect(res.body.message).toMatch(/must be a lowercase UUID/);
    });

    it('is Unauthorized without a token', async () => {
      const res = await request(h.app).get(`/api/${resource}/${otherId()}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('Unauthorized');
    });
  });

  describe('query parameters: a read declares none, so any one is InvalidRequest naming it (D8, D105-b)', () => {
    const doors = () => {
      const attempt = paid.attempts[0]!;
      return [`/api/sessions/${paid.id}`, `/api/sessions/${paid.id}/chargebacks`, `/api/attempts/${attempt.id}`, `/api/transactions/${attempt.transactions[0]!.id}`, '/api/me'];
    };
    it.each([
      ['an undeclared one', '?foo=1', /^query\.foo is not a declared property$/],
      ['a search parameter', '?limit=1', /^query\.limit is not a declared property$/],
      ['a repeated one', '?x=1&x=2', /^query\.x is not a declared property$/],
      ['a bracketed one', '?expand[]=attempts', /^query\.expand\[\] is not a declared property$/],
    ])('refuses %s on every read door', async (_label, query, message) => {
      for (const door of doors()) {
        const res = await call(h.app, 'get', `${door}${query}`, { token: tokens.acme });
        expect([door, res.status, res.body]).toEqual([door, 400, { code: 'InvalidRequest', message: expect.stringMatching(message) }]);
      }
    });

    it('still reads each door without a query, and with an empty one', async () => {
      for (const door of doors()) {
        expect([door, (await call(h.app, 'get', door, { token: tokens.acme })).status]).toEqual([door, 200]);
        expect([door, (await call(h.app, 'get', `${door}?`, { token: tokens.acme })).status]).toEqual([door, 200]);
      }
    });

    it('answers Unauthorized before looking at the query', async () => {
      for (const door of doors()) expect([door, (await request(h.app).get(`${door}?foo=1`)).status]).toEqual([door, 401]);
    });
  });

  it('answers one byte-identical Unauthorized on every merchant API door for every failure shape', async () => {
    const good = tokens.acme;
    const [, payload] = good.split('.') as [string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const created = await call(h.app, 'post', '/api/sessions', { token: good, body: sessionBody() });
    const shapes: Record<string, (() => string | undefined) | string | undefined> = {
      absent: undefined,
      'not a bearer': `Token ${good}`,
      garbage: 'Bearer garbage',
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
      'another key': `Bearer ${jwt.sign(jwt.decode(good) as object, 'another-signing-key-of-enough-length-000', { header: { alg: 'HS256', typ: 'at+jwt' } })}`,
      'elements token': `Bearer ${created.body.elementsToken as string}`,
    };
    const attempt = paid.attempts[0]!;
    const doors: [method: 'get' | 'post', url: string][] = [
      ['post', '/api/sessions'],
      ['get', '/api/sessions'],
      ['get', `/api/sessions/${paid.id}`],
      ['get', '/api/attempts'],
      ['get', `/api/attempts/${attempt.id}`],
      ['get', '/api/transactions'],
      ['get', `/api/transactions/${attempt.transactions[0]!.id}`],
    ];
    const send = (method: 'get' | 'post', url: string, authorization: string | undefined) => {
      let req = request(h.app)[method](url);
      if (authorization !== undefined) req = req.set('Authorization', authorization);
      return method === 'post' ? req.send(sessionBody()) : req;
    };
    const reference = await send('get', '/api/sessions', undefined);
    expect(reference.body).toEqual({ code: 'Unauthorized', message: expect.any(String) });
    for (const [method, url] of doors) {
      for (const [shape, authorization] of Object.entries(shapes)) {
        const res = await send(method, url, authorization as string | undefined);
        expect([method, url, shape, res.status, res.headers['www-authenticate'], res.text]).toEqual([method, url, shape, 401, authorization ? 'Bearer error="invalid_token"' : 'Bearer', reference.text]);
      }
      // Expired: the good token once its hour has passed.
      h.clock.advance(3600_000);
      const expired = await send(method, url, `Bearer ${good}`);
      h.clock.advance(-3600_000);
      expect([method, url, 'expired', expired.status, expired.text]).toEqual([method, url, 'expired', 401, reference.text]);
    }
    // Contact tokens open every door but creation.
    const contact = await send('post', '/api/sessions', `Bearer ${tokens.acmeAdmin}`);
    expect([contact.status, contact.text]).toEqual([401, reference.text]);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
