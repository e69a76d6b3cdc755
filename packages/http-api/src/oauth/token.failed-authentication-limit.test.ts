import type http from 'node:http';
import type { ClientCredentialsGrant } from '@splitpay/application';
import { allInFlightAtOnce } from '../testing/held-checks';
import { answerOf as doorAnswerOf, listeningHeldOAuthDoors } from '../testing/held-oauth-doors';

const SECRET = 'acme-right-secret';

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
  const doors = await listeningHeldOAuthDoors(instances, (hold) => ({
    clientCredentials: {
      exchange: ({ clientSecret }: { clientSecret: string }) =>
        new Promise((resolve) => hold(() => resolve(clientSecret === SECRET ? { kind: 'issued', accessToken: 'at', expiresIn: 300 } : { kind: 'invalid_client' }))),
    } as unknown as ClientCredentialsGrant,
  }));
  const send = (secret: string, from: string) => doors.post('/oauth/token', { grant_type: 'client_credentials', client_id: 'acme', client_secret: secret }, from);

  return {
    ...doors,
    /** A token request whose secret checks are answered at once. */
    token: (secret: string, from = '203.0.113.7'): Promise<Answer> => {
      doors.answerChecksAtOnce();
      return answerOf(send(secret, from));
    },
    /** A token request left to wait for its secret check: its answer, and the request to give up on. */
    held: (secret: string, from = '203.0.113.7') => {
      const request = send(secret, from);
      return { request, answer: answerOf(request) };
    },
  };
}

async function answerOf(request: http.ClientRequest): Promise<Answer> {
  const { status, retryAfter, text } = await doorAnswerOf(request);
  return { status, retryAfter, body: JSON.parse(text) as Answer['body'] };
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
