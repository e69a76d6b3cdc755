import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { PasswordHasher } from '@splitpay/domain';
import { ScryptPasswordHasher } from '@splitpay/infra';
import { accountMerchants, ACME } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';

/** The service's scrypt hasher, observed: which secret each verification was for, in start order, and how many ran at once. */
class ObservedHasher implements PasswordHasher {
  readonly verified: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly real = new ScryptPasswordHasher({ cost: { logN: 12, r: 8, p: 1 } });

  hash(secret: string): Promise<string> {
    return this.real.hash(secret);
  }

  async verify(secret: string, hash: string): Promise<boolean> {
    this.verified.push(secret);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      return await this.real.verify(secret, hash);
    } finally {
      this.inFlight -= 1;
    }
  }
}

const tokenFrom = (h: ServiceHarness, address: string, clientId: string, secret: string) =>
  request(h.app).post('/oauth/token').set('X-Forwarded-For', address).type('form').send({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });

/**
 * Issue 13: each token request with a new unknown client id costs a full scrypt hash. The work an
 * unauthenticated caller causes is bounded per address and in all; a legitimate client is served
 * next, not after the flood. Measured in hash computations, never in time.
 */
describe('POST /oauth/token under a flood of unknown client ids', () => {
  it('hashes only a bounded number of the flood, and serves a legitimate client from another address after at most a few of them', async () => {
    const hasher = new ObservedHasher();
    const h = await startService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' }, passwordHasher: hasher });
    const flood = Array.from({ length: 200 }, () => tokenFrom(h, '203.0.113.66', `nobody-${randomUUID()}`, 'flood-secret').then((res) => res.status));
    // The flood holds every slot it may have before the legitimate request is sent.
    while (hasher.maxInFlight < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    const floodHashedBefore = hasher.verified.length;
    const legitimate = await tokenFrom(h, '198.51.100.7', ACME.merchantId, ACME.secret);
    const statuses = await Promise.all(flood);

    expect(legitimate.status).toBe(200);
    expect(legitimate.body.token_type).toBe('Bearer');
    // Every flood request was answered: invalid_client when hashed, 429 at once otherwise.
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    const hashedFlood = hasher.verified.filter((secret) => secret === 'flood-secret').length;
    expect(hashedFlood).toBeLessThanOrEqual(30);
    expect(statuses.filter((status) => status === 401)).toHaveLength(hashedFlood);
    // Promptly: once sent, the legitimate check waited for at most a turn of the flood's slots (4 per address, 4 at once).
    expect(hasher.verified.indexOf(ACME.secret) - floodHashedBefore).toBeLessThanOrEqual(8);
    expect(hasher.maxInFlight).toBeLessThanOrEqual(4);
  });

  it('never runs more than four checks at once across many addresses, and turns away what does not fit in the queue', async () => {
    const hasher = new ObservedHasher();
    const h = await startService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' }, passwordHasher: hasher });
    const flood = Array.from({ length: 60 }, (_, i) => tokenFrom(h, `198.18.${Math.floor(i / 200)}.${i % 200}`, `nobody-${i}`, 'flood-secret'));
    const answers = await Promise.all(flood);
    expect(hasher.maxInFlight).toBeLessThanOrEqual(4);
    // 4 running and 32 waiting; the rest answered at once, 503 temporarily_unavailable with Retry-After.
    const turnedAway = answers.filter((res) => res.status === 503);
    expect(hasher.verified.length + turnedAway.length).toBe(60);
    expect(hasher.verified.length).toBeLessThanOrEqual(4 + 32);
    for (const res of turnedAway) {
      expect(res.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(answers.filter((res) => res.status === 401)).toHaveLength(hasher.verified.length);
  });

  it('answers a known client with a wrong secret and an unknown client alike under the limits', async () => {
    const h = await startService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' } });
    const known = await tokenFrom(h, '192.0.2.1', ACME.merchantId, 'wrong');
    const unknown = await tokenFrom(h, '192.0.2.1', 'nobody-at-all', 'wrong');
    expect([known.status, known.text]).toEqual([401, unknown.text]);
  });
});
