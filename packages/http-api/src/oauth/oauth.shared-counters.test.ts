import { createHash } from 'node:crypto';
import request from 'supertest';
import { DashboardClient, type ClientCredentialsGrant, type ContactLogin } from '@splitpay/application';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createHttpApp } from '../app/create-app';
import type { HitCounters } from '../app/hit-counters.port';
import { SharedCounters } from '../testing/shared-counters';
import { oauthRouter, type OAuthRouterDeps } from './oauth.router';

const SECRET = 'acme-right-secret';
const PASSWORD = 'right-password';
const EMAIL = 'Admin@Acme.test';
const REDIRECT = 'https://dashboard.example/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const unused = async (): Promise<never> => {
  throw new Error('not in this test');
};

/** One instance of the service's /oauth doors over the given counters (the grants played: one right secret, one right password). */
function instance(counters: HitCounters | undefined, logger = new CapturingLogger()) {
  const clientCredentials = {
    exchange: async ({ clientSecret }: { clientSecret: string }) => (clientSecret === SECRET ? { kind: 'issued' as const, accessToken: 'at', expiresIn: 300 } : { kind: 'invalid_client' as const }),
  } as unknown as ClientCredentialsGrant;
  const contactLogin = {
    login: async ({ password }: { password: string }) => (password === PASSWORD ? { kind: 'authorized' as const, code: 'code-1' } : { kind: 'refused' as const }),
  } as unknown as ContactLogin;
  const deps: OAuthRouterDeps = {
    issuer: 'https://pay.example',
    dashboard: new DashboardClient({ redirectUris: [REDIRECT] }),
    clientCredentials,
    contactLogin,
    authorizationCode: { exchange: unused } as unknown as OAuthRouterDeps['authorizationCode'],
    refreshToken: { exchange: unused } as unknown as OAuthRouterDeps['refreshToken'],
    revocation: { revoke: unused } as unknown as OAuthRouterDeps['revocation'],
    accessTokens: { verify: () => null },
    clientAuthRateLimit: { windowMs: 60_000, limit: 3 },
    addressAuthRateLimit: { windowMs: 60_000, limit: 100 },
    loginRateLimit: { windowMs: 60_000, limit: 3 },
    ...(counters ? { sharedCounters: { counters, logger } } : {}),
  };
  return createHttpApp({ logger: new CapturingLogger(), routers: [oauthRouter(deps)], trustProxy: 'loopback' });
}

const token = (http: ReturnType<typeof instance>, secret: string, from = '203.0.113.7') =>
  request(http).post('/oauth/token').type('form').set('X-Forwarded-For', from).send({ grant_type: 'client_credentials', client_id: 'acme', client_secret: secret });

const signIn = (http: ReturnType<typeof instance>, password: string, email = EMAIL) =>
  request(http)
    .post('/oauth/authorize')
    .type('form')
    .set('X-Forwarded-For', '203.0.113.7')
    .send({ response_type: 'code', client_id: 'dashboard', redirect_uri: REDIRECT, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's1', email, password });

describe('/oauth limits on counters shared by the instances (docs/decisions.md D55)', () => {
  describe('the token endpoint', () => {
    it('refuses the client over its failures counted over both instances with the 429 of today, Retry-After and no-store, the right secret included', async () => {
      const counters = new SharedCounters();
      const [a, b] = [instance(counters), instance(counters)];
      expect((await token(a, 'wrong-1')).status).toBe(401);
      expect((await token(b, 'wrong-2')).status).toBe(401);
      expect((await token(a, 'wrong-3')).status).toBe(401);
      for (const refused of [await token(b, 'wrong-4'), await token(a, SECRET)]) {
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^Too many failed client authentications; retry after \d+ seconds$/) });
      }
      // Another address still gets its token from either instance.
      expect((await token(b, SECRET, '198.51.100.20')).status).toBe(200);
    });

    it('does not count successful authentications, only the failures over both instances', async () => {
      const counters = new SharedCounters();
      const [a, b] = [instance(counters), instance(counters)];
      for (let i = 0; i < 4; i++) expect((await token(i % 2 ? a : b, SECRET)).status).toBe(200);
      expect((await token(a, 'wrong-1')).status).toBe(401);
      expect((await token(b, 'wrong-2')).status).toBe(401);
      expect((await token(a, 'wrong-3')).status).toBe(401);
      expect((await token(b, SECRET)).status).toBe(429);
    });

    it('without shared counters, each instance counts its own failures (the embedded store)', async () => {
      const [a, b] = [instance(undefined), instance(undefined)];
      for (let i = 0; i < 3; i++) expect((await token(a, `wrong-${i}`)).status).toBe(401);
      expect((await token(a, SECRET)).status).toBe(429);
      expect((await token(b, SECRET)).status).toBe(200);
    });
  });

  describe('the sign-in form', () => {
    it('refuses the address and email over its refused sign-ins counted over both instances, with the page of today', async () => {
      const counters = new SharedCounters();
      const [a, b] = [instance(counters), instance(counters)];
      expect((await signIn(a, 'wrong-1')).status).toBe(200);
      expect((await signIn(b, 'wrong-2')).status).toBe(200);
      expect((await signIn(a, 'wrong-3')).status).toBe(200);
      for (const refused of [await signIn(b, 'wrong-4'), await signIn(a, PASSWORD)]) {
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.headers.location).toBeUndefined();
        expect(refused.text).toContain('Too many failed sign-in attempts');
      }
      // The same email written otherwise is the same contact (normalized before counting); another email is not limited.
      expect((await signIn(b, PASSWORD, ' admin@acme.TEST ')).status).toBe(429);
      expect((await signIn(b, PASSWORD, 'member@acme.test')).status).toBe(302);
    });
  });

  it('hands the counters keys of their own prefixes, with the address and digests: never an email, a client id, a secret or a password', async () => {
    const counters = new SharedCounters();
    const http = instance(counters);
    await token(http, 'wrong-secret');
    await signIn(http, 'wrong-password');
    const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
    expect(counters.keys).toEqual([
      `oauth:token:client:203.0.113.7|${sha256('acme')}`,
      'oauth:token:address:203.0.113.7',
      `oauth:signin:email:203.0.113.7|${sha256('admin@acme.test')}`,
    ]);
    expect(counters.keys.join('\n')).not.toMatch(/acme|wrong|@/i);
  });

  it('lets requests through while the counters are down, with one warning per limiter and no key, not one per request', async () => {
    const logger = new CapturingLogger();
    const down: HitCounters = {
      increment: () => Promise.reject(new Error('MongoNetworkError: closed')),
      hits: () => Promise.reject(new Error('MongoNetworkError: closed')),
      decrement: () => Promise.reject(new Error('closed')), reset: () => Promise.resolve() };
    const http = instance(down, logger);
    for (let i = 0; i < 6; i++) expect((await token(http, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 6; i++) expect((await signIn(http, `wrong-${i}`)).status).toBe(200);
    expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields)).toEqual([
      { limiter: 'oauth:token:client', error: 'Error: MongoNetworkError: closed', letThrough: 1 },
      { limiter: 'oauth:token:address', error: 'Error: MongoNetworkError: closed', letThrough: 1 },
      { limiter: 'oauth:signin:email', error: 'Error: MongoNetworkError: closed', letThrough: 1 },
    ]);
    expect(logger.lines.join('\n')).not.toMatch(/acme|wrong|203\.0\.113\.7/i);
  });
});
