import express from 'express';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  addIsoCodeFormats,
  buildOpenApiDocument,
  dereference,
  listRoutes,
  responseProblems,
  undocumentedRoutes,
  type ObservedResponse,
  type OpenApiDocument,
} from '@splitpay/http-api';
import { useService } from '../support/use-service';

/** A real HTTP answer in the shape the conformance helper reads. */
async function observe(res: Response): Promise<ObservedResponse> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body, text };
}

describe('OpenAPI document of the composed service', () => {
  const h = useService();
  let doc: OpenApiDocument;
  const problems: string[] = [];
  const seen = new Set<string>();

  /** Calls the service and records every mismatch with the document it served. */
  async function send(method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<ObservedResponse> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await observe(await fetch(`${h.url}${path}`, { method: method.toUpperCase(), headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) }));
    problems.push(...responseProblems(doc, method, path, res));
    seen.add(`${method} ${res.status}`);
    return res;
  }

  beforeAll(async () => {
    doc = (await observe(await fetch(`${h.url}/openapi.json`))).body as OpenApiDocument;
  }, 60_000);

  it('serves one OpenAPI 3.1 document whose references all resolve and whose schemas all compile', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: h.url, fakePsp: true }))));
    const ajv = new Ajv2020({ strict: false, discriminator: true });
    addFormats(ajv);
    addIsoCodeFormats(ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(() => ajv.compile(dereference(schema, doc) as object)).not.toThrow();
      expect(name).toMatch(/^[A-Za-z]+$/);
    }
    expect(() => dereference(doc.paths, doc)).not.toThrow();
  });

  it('describes every route the composed app serves, and serves every route it describes', () => {
    const routes = listRoutes(h.instance.app as never);
    expect(routes.length).toBeGreaterThan(30);
    expect(undocumentedRoutes(doc, routes)).toEqual([]);
    const served = new Set(routes.map((r) => `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`));
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path.replace(/\{[^}]+\}/g, '{}')}`));
    expect(described.filter((d) => !served.has(d))).toEqual([]);
  });

  it('answers a door that does not exist with the NotFound envelope, outside the document', async () => {
    const res = await observe(await fetch(`${h.url}/api/nowhere`));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NotFound', message: expect.any(String) });
    expect(responseProblems(doc, 'get', '/api/nowhere', res)).toEqual(['GET /api/nowhere -> 404: path not in the document']);
  });

  it('notices a route that the document does not describe', () => {
    const app = express();
    app.get('/api/sessions/:sessionId', (_req, res) => res.end());
    app.use('/extra', express.Router().post('/things/:id', (_req, res) => res.end()));
    expect(undocumentedRoutes(doc, listRoutes(app as never))).toEqual([{ method: 'post', path: '/extra/things/{id}' }]);
  });

  it('every answer of a whole payment, its reads, searches and refusals matches the document', async () => {
    const token = await h.clientToken();
    const tokenRes = await send('post', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'shop', client_secret: 'shop-client-secret' } });
    expect(tokenRes.status).toBe(200);
    await send('post', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'shop', client_secret: 'wrong' } });
    await send('post', '/oauth/token', { json: { grant_type: 'client_credentials' } });
    await send('get', '/api/me', { token });
    await send('get', '/api/me');

    const created = await send('post', '/api/sessions', {
      token,
      json: { currency: 'EUR', total: 3000, orderId: 'oa-1', methods: [{ method: 'card' }, { method: 'ancv' }], returnUrl: 'https://shop.example/back', terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] },
    });
    expect(created.status).toBe(201);
    const { sessionId, elementsToken } = created.body as { sessionId: string; elementsToken: string };
    await send('post', '/api/sessions', { token, json: { currency: 'EUR', total: 3000, orderId: 'oa-2', methods: [{ method: 'card', provider: 'nopsp' }] } });
    await send('post', '/api/sessions', { token, json: { currency: 'EUR', total: 0, orderId: 'oa-3', methods: [{ method: 'card' }] } });

    await send('get', '/elements/session', { token: elementsToken });
    await send('get', '/elements/session', { token: 'pst_unknown' });
    await send('post', '/elements/session/attempts', { token: elementsToken, json: { methodId: 'card', amount: 1000, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } } });
    await send('post', '/elements/session/accept-terms', { token: elementsToken });
    const started = await send('post', '/elements/session/attempts', {
      token: elementsToken,
      json: { methodId: 'card', amount: 1000, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } },
    });
    expect(started.status).toBe(201);
    const attemptId = (started.body as { attemptId: string }).attemptId;
    for (let i = 0; i < 200; i++) {
      const view = await send('get', '/elements/session', { token: elementsToken });
      const attempts = (view.body as { view: { attempts: { attemptId: string; status: string }[] } }).view.attempts;
      if (attempts.find((a) => a.attemptId === attemptId)?.status !== 'AUTHORIZING') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await send('post', `/elements/session/attempts/${attemptId}/accept-partial`, { token: elementsToken });
    await send('post', '/elements/session/attempts', { token: elementsToken, json: { methodId: 'ancv', amount: 99_999 } });

    const session = await send('get', `/api/sessions/${sessionId}`, { token });
    expect(session.status).toBe(200);
    const attempt = await send('get', `/api/attempts/${attemptId}`, { token });
    const transactionId = (attempt.body as { attempt: { transactions: { transactionId: string }[] } }).attempt.transactions[0]!.transactionId;
    await send('get', `/api/transactions/${transactionId}`, { token });
    await send('get', `/api/transactions/${sessionId}`, { token });
    await send('get', '/api/sessions/not-an-id', { token });
    await send('get', '/api/sessions?orderId=oa-1', { token });
    await send('get', '/api/attempts?limit=1', { token });
    await send('get', '/api/transactions?limit=1&cursor=garbage', { token });
    await send('post', `/api/sessions/${sessionId}/refund`, { token });
    await send('post', `/api/attempts/${attemptId}/refund`, { token, json: { amount: 100 } });
    await send('post', `/api/sessions/${sessionId}/notification`, { token });
    await send('post', '/elements/session/abandon', { token: elementsToken });
    await send('get', '/health');
    await send('get', '/metrics');

    expect(problems).toEqual([]);
    // The walk did meet successes and refusals of several kinds.
    for (const answer of ['post 201', 'get 200', 'post 422', 'post 400', 'get 404', 'get 401', 'post 409']) expect(seen).toContain(answer);
  });
});
