import { type AccountTokens, seededSession, startAccountService } from '../support/merchant-api-calls';
import type { ServiceHarness } from '../support/service-harness';

/** Answers under /api carry payers' emails, phones and addresses: no browser or proxy may keep one. */
describe('Cache-Control on the /api doors', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  let reads: string[];

  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
    const session = seededSession(h, 'acme', { createdAt: h.clock.now(), transactions: 2 });
    await h.stores.sessions.insert(session);
    const attempt = session.attempts[0]!;
    reads = [
      '/api/sessions',
      `/api/sessions/${session.id}`,
      `/api/sessions/${session.id}/chargebacks`,
      '/api/attempts',
      `/api/attempts/${attempt.id}`,
      '/api/transactions',
      `/api/transactions/${attempt.transactions[0]!.id}`,
      '/api/me',
    ];
  }, 60_000);

  const get = (path: string, token?: string) => fetch(`${h.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

  it('every read answers no-store', async () => {
    const answers = await Promise.all(reads.map(async (path) => ({ path, res: await get(path, tokens.acme) })));
    expect(answers.map(({ path, res }) => [path, res.status, res.headers.get('cache-control')])).toEqual(reads.map((path) => [path, 200, 'no-store']));
  });

  it('so does a refusal: no token, an unknown id', async () => {
    const refused = [await get('/api/sessions'), await get('/api/sessions/01a21f62-203d-71d7-a2ba-ea3b9b537cb5', tokens.acme)];
    expect(refused.map((res) => [res.status, res.headers.get('cache-control')])).toEqual([
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
  });
});
