import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import type { PasswordHasher } from '@splitpay/domain';
import { ScryptPasswordHasher } from '@splitpay/infra';
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { oauth, openidClient } from '../support/oauth-client-libraries';
import { startService, type ServiceHarness } from '../support/service-harness';
import { discoverByOauth4WebApi, discoverByOpenIdClient, insecure } from './oauth-clients.support';

const discovered = (h: ServiceHarness) => discoverByOauth4WebApi(h.url);
const openidConfig = (h: ServiceHarness, secret: string) => discoverByOpenIdClient(h.url, ACME.merchantId, secret);

/** What a merchant's code reads from the libraries' refusal: the RFC 6749 error, the status, and Retry-After. */
function readable(refusal: unknown) {
  const error = refusal as Oauth4WebApi.ResponseBodyError | OpenIdClient.ResponseBodyError;
  return { name: error.constructor.name, error: error.error, status: error.status, retryAfter: error.response.headers.get('retry-after') };
}

/** What a merchant's code reads from a refusal the libraries do not parse: the Response is its cause. */
async function shedAnswer(refusal: unknown) {
  const error = refusal as { code?: string; cause?: unknown };
  const response = error.cause as Response;
  return { code: error.code, status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
}

/**
 * The token endpoint's 429 and 503 (README, "The token endpoint bounds the slow hashing"), as the
 * merchants' OAuth client libraries surface them: a ResponseBodyError carrying the RFC 6749 error
 * `temporarily_unavailable` and the status, the answer's Retry-After readable on its response.
 */
describe('the token endpoint refusing for a while, seen through oauth4webapi and openid-client', () => {
  it('429 after 10 failed client authentications of one client from one address, the right secret included', async () => {
    const h = await startService({ merchants: accountMerchants() });
    const as = await discovered(h);
    const client: Oauth4WebApi.Client = { client_id: ACME.merchantId };
    const grant = async (secret: string) =>
      oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost(secret), new URLSearchParams(), insecure));
    for (let failure = 0; failure < 10; failure += 1) await expect(grant('not-the-secret')).rejects.toMatchObject({ error: 'invalid_client', status: 401 });

    const byOauth4WebApi = await grant(ACME.secret).catch((error: unknown) => error);
    expect(byOauth4WebApi).toBeInstanceOf(oauth.ResponseBodyError);
    expect(readable(byOauth4WebApi)).toEqual({ name: 'ResponseBodyError', error: 'temporarily_unavailable', status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    expect(Number(readable(byOauth4WebApi).retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect((byOauth4WebApi as Oauth4WebApi.ResponseBodyError).error_description).toMatch(/retry after \d+ seconds/);

    const byOpenIdClient = await openidClient.clientCredentialsGrant(await openidConfig(h, ACME.secret)).catch((error: unknown) => error);
    expect(byOpenIdClient).toBeInstanceOf(openidClient.ResponseBodyError);
    expect(readable(byOpenIdClient)).toEqual({ name: 'ResponseBodyError', error: 'temporarily_unavailable', status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
  });

  it('503 when every secret check slot is taken and the queue is full', async () => {
    const held = new HeldHasher();
    const h = await startService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' }, passwordHasher: held });
    const as = await discovered(h);
    // 4 checks run (held), 32 wait; of 60 requests from 60 addresses, 24 are turned away at once.
    const flood = Array.from({ length: 60 }, (_, i) =>
      fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.51.100.${i + 1}` },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: 'flood' }).toString(),
      }).then((res) => res.status),
    );
    const answered: number[] = [];
    for (const status of flood) void status.then((s) => answered.push(s));
    for (let i = 0; i < 300 && answered.filter((s) => s === 503).length < 24; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(answered).toEqual(Array.from({ length: 24 }, () => 503));
    try {
      // Both libraries read an error body only from a 4xx answer: a 503 is a response they call not
      // conform, handed over whole as the error's cause, Retry-After and the RFC 6749 body unread.
      const client: Oauth4WebApi.Client = { client_id: ACME.merchantId };
      const byOauth4WebApi = await oauth
        .processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(ACME.secret), new URLSearchParams(), insecure))
        .catch((error: unknown) => error);
      expect(byOauth4WebApi).toBeInstanceOf(oauth.OperationProcessingError);
      expect(await shedAnswer(byOauth4WebApi)).toEqual({ code: oauth.RESPONSE_IS_NOT_CONFORM, status: 503, retryAfter: '1', body: { error: 'temporarily_unavailable', error_description: expect.any(String) } });

      const byOpenIdClient = await openidClient.clientCredentialsGrant(await openidConfig(h, ACME.secret)).catch((error: unknown) => error);
      expect(byOpenIdClient).toBeInstanceOf(openidClient.ClientError);
      expect(await shedAnswer(byOpenIdClient)).toEqual({ code: oauth.RESPONSE_IS_NOT_CONFORM, status: 503, retryAfter: '1', body: { error: 'temporarily_unavailable', error_description: expect.any(String) } });
    } finally {
      held.release();
      await Promise.all(flood);
    }
  });
});

/** The service's hasher, its verifications held until released: the slots stay taken. */
class HeldHasher implements PasswordHasher {
  private readonly real = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });
  private released!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.released = resolve));

  hash(secret: string): Promise<string> {
    return this.real.hash(secret);
  }

  async verify(secret: string, hash: string): Promise<boolean> {
    await this.gate;
    return this.real.verify(secret, hash);
  }

  release(): void {
    this.released();
  }
}
