import path from 'node:path';
import jwt from 'jsonwebtoken';
import { startChild, type ChildService } from './child-process';
import { sessionBody } from './session-creation.load';

jest.setTimeout(60_000);

/**
 * The bench divides the service's creation rate by this baseline's: it must start, and refuse and
 * accept what the service's own validation does (the very schema, the service's ajv and its formats).
 */
describe('the bare baseline of session creation', () => {
  const key = 'baseline-test-signing-key-of-enough-length';
  let baseline: ChildService;
  let token: string;

  beforeAll(async () => {
    baseline = await startChild(path.join(__dirname, 'baseline.process.ts'), { BASELINE_SIGNING_KEY: key, BASELINE_ISSUER: 'bench' }, [], 30_000);
    token = jwt.sign({ principal: 'client' }, key, { algorithm: 'HS256', issuer: 'bench', audience: 'bench', subject: 'bench', expiresIn: 60 });
  });
  afterAll(async () => {
    await baseline?.stop();
  });

  const create = (body: unknown, bearer = token) =>
    fetch(`${baseline.url}/api/sessions`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers 201 to the body the bench sends, 401 without a valid token', async () => {
    expect((await create(sessionBody('baseline-1'))).status).toBe(201);
    expect((await create(sessionBody('baseline-2'), 'not-a-token')).status).toBe(401);
  });

  it('refuses a currency ISO 4217 never assigned, as the service does', async () => {
    const res = await create({ ...sessionBody('baseline-3'), currency: 'ABC' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('InvalidRequest');
  });
});
