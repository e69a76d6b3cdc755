import { ElementsClient } from '../support/elements-client';
import { SHOP } from '../support/merchants.fixture';
import type { ServiceProcess } from '../support/killable-service';
import { describeOnMongoDb, MongoDeployment } from './mongo-deployment';

/**
 * The payer doors' per-token budget (docs/decisions.md D53) counted once for the whole deployment
 * (D55): two service processes on one MongoDB database, one elements token spending its 10 starts
 * over both, and the 11th refused whichever process it reaches. The token endpoint's limit of failed
 * client authentications (D43) is counted so too.
 */
describeOnMongoDb('the attempt budget shared by two service processes on one MongoDB database', () => {
  jest.setTimeout(3 * 60_000);
  const deployment = new MongoDeployment({ webhookRetryDelaysMs: [1_000], pspDelayMs: 50 });
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    await deployment.open();
    [a, b] = await Promise.all([deployment.start(), deployment.start()]);
  }, 180_000);
  afterAll(() => deployment.close());

  it('refuses the 11th start of one token with 429 TooManyRequests and Retry-After, its 10 starts spread over both processes', async () => {
    const created = await deployment.createSession(a, { currency: 'EUR', total: 10_000, orderId: 'shared-budget', methods: [{ method: 'card' }] });
    const clients = [a, b].map((service) => new ElementsClient(service.url, created.elementsToken));
    const statuses: number[] = [];
    // Declined cards: each start is a real try at the PSP, and the session stays open for the next.
    for (let i = 0; i < 10; i++) statuses.push((await clients[i % 2]!.payByCard('card', 1_000, '4000000000000002')).status);
    expect(statuses).not.toContain(429);

    for (const client of clients) {
      const refused = await client.payByCard('card', 1_000);
      expect([refused.status, refused.body.code]).toEqual([429, 'TooManyRequests']);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }

    // The database holds the token's digest and the address, never the token.
    const keys = await deployment.storedCounterKeys();
    expect(keys.some((key) => key.includes(created.elementsToken))).toBe(false);
    expect(keys.filter((key) => key.startsWith('attempts:start:token:'))).toHaveLength(1);
    expect(keys.filter((key) => key.startsWith('attempts:start:address:'))).toHaveLength(1);

    // Another token keeps a budget of its own on both.
    const other = await deployment.createSession(b, { currency: 'EUR', total: 5_000, orderId: 'shared-budget-other', methods: [{ method: 'card' }] });
    expect((await new ElementsClient(b.url, other.elementsToken).payByCard('card', 1_000)).status).toBe(201);
  });

  it("refuses a client after 10 failed authentications spread over both processes, the right secret included, with the token endpoint's 429", async () => {
    const tokenAt = (service: ServiceProcess, secret: string) =>
      fetch(`${service.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: SHOP.merchantId, client_secret: secret }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await tokenAt(i % 2 ? b : a, `wrong-secret-${i}`)).status).toBe(401);

    for (const service of [a, b]) {
      const refused = await tokenAt(service, SHOP.secret);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(await refused.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^Too many failed client authentications/) });
    }

    // One counter for the pair of address and client, keyed by the client id's digest; no secret stored.
    const keys = await deployment.storedCounterKeys();
    expect(keys.filter((key) => key.startsWith('oauth:token:client:'))).toHaveLength(1);
    expect(keys.join('\n')).not.toMatch(/wrong-secret|shop-client-secret/);
  });
});
