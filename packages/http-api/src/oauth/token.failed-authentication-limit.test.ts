import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DashboardClient, type ClientCredentialsGrant, type ContactLogin } from '@splitpay/application';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createHttpApp } from '../app/create-app';
import { SharedCounters } from '../testing/shared-counters';
import { oauthRouter, type OAuthRouterDeps } from './oauth.router';
import { allInFlightAtOnce } from '../testing/held-checks';

const SECRET = 'acme-right-secret';
const unused = async (): Promise<never> => {
  throw new Error('not in this test');
};

interface Answer {
  readonly status: number;
  readonly retryAfter?: string;
  readonly body: { readonly error?: string; readonly error_description?: string };
}

/**
 * `instances` of the service's /oauth doors on shared counters, with the default limits (10 failures per
 * address and client id, 30 per address) and each its default hashing gate (4 checks per address),
 * listening on ports; the secret check (scrypt in the service) answers only when the test lets it,
 * so that a client can give up while it runs.
 */
async function listening(instances = 1) {
  const counters = new SharedCounters();
  const checks: { readonly secret: string; readonly answer: () => void }[] = [];
  let onCheck: () => void = () => undefined;
  let onServerClose: () => void = () => undefined;
  const clientCredentials = {
    exchange: ({ clientSecret }: { clientSecret: string }) =>
      new Promise((resolve) => {
        checks.push({ secret: clientSecret, answer: () => resolve(clientSecret === SECRET ? { kind: 'issued', accessToken: 'at', expiresIn: 300 } : { kind: 'invalid_client' }) });
        onCheck();
      }),
  } as unknown as ClientCredentialsGrant;
  const deps: OAuthRouterDeps = {
    issuer: 'https://pay.example',
    dashboard: new DashboardClient({ redirectUris: ['https://dashboard.example/callback'] }),
    clientCredentials,
    contactLogin: { login: unused } as unknown as ContactLogin,
    authorizationCode: { exchange: unused } as unknown as OAuthRouterDeps['authorizationCode'],
    refreshToken: { exchange: unused } as unknown as OAuthRouterDeps['refreshToken'],
    revocation: { revoke: unused } as unknown as OAuthRouterDeps['revocation'],
    accessTokens: { verify: () => null },
    sharedCounters: { counters, logger: new CapturingLogger() },
  };
  const servers = await Promise.all(
    Array.from({ length: instances }, async () => {
      const server = http.createServer(createHttpApp({ logger: new CapturingLogger(), routers: [oauthRouter(deps)], trustProxy: 'loopback' }));
      server.on('request', (_req, res: http.ServerResponse) => res.once('close', () => onServerClose()));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  let sent = 0;

  const send = (secret: string, from: string) => {
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme', client_secret: secret }).toString();
    const server = servers[sent++ % servers.length] as http.Server;
    return http.request({
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      path: '/oauth/token',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': from },
    }).end(body);
  };

  return {
    checks,
    /** What to do whenever a secret check begins (it is in `checks`). */
    onCheck: (then: () => void) => (onCheck = then),
    /** Resolves once the next secret check has begun. */
    nextCheck: () => new Promise<void>((resolve) => (onCheck = resolve)),
    /** Resolves once the service has seen the next response closed (answered or given up by its client). */
    nextServerClose: () => new Promise<void>((resolve) => (onServerClose = resolve)),
    /** A token request whose secret checks are answered at once. */
    token: (secret: string, from = '203.0.113.7'): Promise<Answer> => {
      onCheck = () => checks.shift()?.answer();
      return answerOf(send(secret, from));
    },
    /** A token request left to wait for its secret check: its answer, and the request to give up on. */
    held: (secret: string, from = '203.0.113.7') => {
      const request = send(secret, from);
      return { request, answer: answerOf(request) };
    },
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))),
  };
}

function answerOf(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as Answer['body'] }));
    });
  });
}

const FAILED_AUTHENTICATIONS = /^Too many failed client authentications/;

describe('the token endpoint counts only failed client authentications (D55, D119)', () => {
  it('does not count a right secret whose client gave up before the answer: 11 of them, then the token', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 11; i++) {
        const checking = service.nextCheck();
        const { request, answer } = service.held(SECRET);
        // Refused before its check (the old count), it would have an answer here.
        expect(await Promise.race([checking.then(() => 'checking'), answer])).toBe('checking');
        const gaveUp = answer.then(
          () => 'answered',
          () => 'gave up',
        );
        const seen = service.nextServerClose();
        request.destroy();
        expect(await gaveUp).toBe('gave up');
        // The slow secret check ends after the service has seen its client gone, as with a client timeout.
        await seen;
        service.checks.shift()?.answer();
      }
      const then = await service.token(SECRET);
      expect(then.status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('counts a wrong secret whose client gave up before the answer: giving up is no way around the limit', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 10; i++) {
        const checking = service.nextCheck();
        const { request, answer } = service.held(`wrong-${i}`);
        expect(await Promise.race([checking.then(() => 'checking'), answer])).toBe('checking');
        const gaveUp = answer.catch(() => 'gave up');
        const seen = service.nextServerClose();
        request.destroy();
        await gaveUp;
        await seen;
        service.checks.shift()?.answer();
      }
      // The failure is counted as the check answers (in-process counters, before the next request is read).
      const refused = await service.token(SECRET);
      expect(refused.status).toBe(429);
      expect(refused.body.error_description).toMatch(FAILED_AUTHENTICATIONS);
    } finally {
      await service.close();
    }
  });

  it('does not count right secrets in flight: 12 at once over 3 instances are all 200 or the hashing gate\'s short 429', async () => {
    // Three instances, each with its own gate admitting 4 checks of the address: all 12 can be checked at once.
    const service = await listening(3);
    try {
      const answers = await allInFlightAtOnce(service, 12, () => service.held(SECRET).answer);
      for (const answer of answers) {
        if (answer.status === 200) continue;
        expect(answer.status).toBe(429);
        expect(answer.retryAfter).toBe('1');
        expect(answer.body.error_description).toBe('Too many token requests from this address at once; retry shortly');
      }
      expect((await service.token(SECRET)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('still locks the client out at this address after 10 wrong secrets, with Retry-After from the window; another address is not', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 10; i++) expect((await service.token(`wrong-${i}`)).status).toBe(401);
      for (const refused of [await service.token('wrong-10'), await service.token(SECRET)]) {
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(899);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
        expect(refused.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(FAILED_AUTHENTICATIONS) });
      }
      expect((await service.token(SECRET, '198.51.100.20')).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
