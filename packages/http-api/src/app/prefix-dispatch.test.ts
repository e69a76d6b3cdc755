import { Router, type Request, type Response } from 'express';
import request from 'supertest';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { DomainError } from '@splitpay/domain';
import { listRoutes } from '../openapi/route-listing';
import { createHttpApp } from './create-app';

/** A router that counts the requests it was asked about; Express sees its layers as the router's own. */
function counted(router: Router): { router: Router; entered: () => number } {
  let entered = 0;
  const wrapper = Object.assign(
    (req: Request, res: Response, next: (error?: unknown) => void) => {
      entered += 1;
      router(req, res, next);
    },
    { stack: (router as unknown as { stack: unknown[] }).stack, params: {} },
  );
  return { router: wrapper as unknown as Router, entered: () => entered };
}

function areas() {
  const sessions = Router();
  sessions.get('/api/sessions/:id', (req, res) => {
    res.json({ area: 'sessions', id: req.params.id });
  });
  const attempts = Router();
  attempts.get('/api/attempts/:id', (_req, res) => {
    res.json({ area: 'attempts' });
  });
  const refunds = Router();
  refunds.post('/api/sessions/:id/refund', (_req, res) => {
    res.status(202).json({ area: 'refunds' });
  });
  // The same path as an earlier router: the first one asked answers.
  refunds.get('/api/sessions/:id', (_req, res) => {
    res.json({ area: 'shadowed' });
  });
  refunds.get('/api/failing', () => {
    throw new DomainError('InvalidRequest', 'refused');
  });
  // A parameter as second segment: asked for anything under /api.
  const anyUnderApi = Router();
  anyUnderApi.get('/api/:what', (req, res) => {
    res.json({ area: 'any-under-api', what: req.params.what });
  });
  const inner = Router();
  inner.get('/session', (req, res) => {
    res.json({ area: 'elements', baseUrl: req.baseUrl });
  });
  const elements = Router();
  elements.use('/elements', inner);
  const health = Router();
  health.get('/metrics', (_req, res) => {
    res.json({ area: 'metrics' });
  });
  // A middleware without a path may answer anything: it is asked for every path.
  const anywhere = Router();
  anywhere.use((req, res, next) => {
    res.setHeader('X-Seen-By', 'anywhere');
    if (req.path === '/ping') res.json({ area: 'anywhere' });
    else next();
  });
  const parts = { sessions: counted(sessions), attempts: counted(attempts), refunds: counted(refunds), anyUnderApi: counted(anyUnderApi), elements: counted(elements), anywhere: counted(anywhere) };
  // A router made of routers (as the merchant API is): each part is asked on its own.
  const api = Router().use(parts.sessions.router, parts.attempts.router);
  return { parts, routers: [api, parts.refunds.router, parts.anyUnderApi.router, parts.elements.router, health, parts.anywhere.router] };
}

describe('the areas routers, asked by the first segments of the path', () => {
  const { parts, routers } = areas();
  const app = createHttpApp({ logger: new CapturingLogger(), routers });
  const entries = () => Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.entered()]));
  const enteredDuring = async (work: () => Promise<unknown>): Promise<Record<string, number>> => {
    const before = entries();
    await work();
    const after = entries();
    return Object.fromEntries(Object.keys(after).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
  };

  it('answers each path from the router that serves it, in the routers order, mounts included', async () => {
    expect((await request(app).get('/api/sessions/s1')).body).toEqual({ area: 'sessions', id: 's1' });
    expect((await request(app).get('/api/attempts/a1')).body).toEqual({ area: 'attempts' });
    expect((await request(app).post('/api/sessions/s1/refund')).status).toBe(202);
    expect((await request(app).get('/api/transactions')).body).toEqual({ area: 'any-under-api', what: 'transactions' });
    expect((await request(app).get('/elements/session')).body).toEqual({ area: 'elements', baseUrl: '/elements' });
    expect((await request(app).get('/metrics')).body).toEqual({ area: 'metrics' });
    expect((await request(app).get('/metrics/')).body).toEqual({ area: 'metrics' });
    expect((await request(app).get('/ping')).body).toEqual({ area: 'anywhere' });
  });

  it('matches literal segments as Express does, without regard to case', async () => {
    expect((await request(app).get('/API/Sessions/s2')).body).toEqual({ area: 'sessions', id: 's2' });
    expect((await request(app).get('/Elements/session')).status).toBe(200);
  });

  it('asks only the routers with something under the path, and those without a path', async () => {
    const answered = await enteredDuring(async () => {
      const res = await request(app).get('/api/sessions/s3');
      expect(res.headers['x-seen-by']).toBeUndefined();
    });
    expect(answered).toEqual({ sessions: 1, attempts: 0, refunds: 0, anyUnderApi: 0, elements: 0, anywhere: 0 });

    const refused = await enteredDuring(async () => expect((await request(app).get('/api/sessions/s3/refund')).status).toBe(405));
    expect(refused).toEqual({ sessions: 1, attempts: 0, refunds: 1, anyUnderApi: 1, elements: 0, anywhere: 1 });

    const elsewhere = await enteredDuring(async () => {
      const res = await request(app).get('/metrics/more');
      expect([res.status, res.headers['x-seen-by']]).toEqual([404, 'anywhere']);
    });
    expect(elsewhere).toEqual({ sessions: 0, attempts: 0, refunds: 0, anyUnderApi: 0, elements: 0, anywhere: 1 });
  });

  it('keeps the error envelope, 405 with Allow from every router of a path, and the app routes listed', async () => {
    expect((await request(app).get('/api/failing')).body).toEqual({ code: 'InvalidRequest', message: 'refused' });
    const refused = await request(app).delete('/api/sessions/s1');
    expect([refused.status, refused.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect(listRoutes(app as never)).toEqual(
      expect.arrayContaining([
        { method: 'get', path: '/api/sessions/{id}' },
        { method: 'get', path: '/api/attempts/{id}' },
        { method: 'post', path: '/api/sessions/{id}/refund' },
        { method: 'get', path: '/elements/session' },
        { method: 'get', path: '/metrics' },
      ]),
    );
  });
});
