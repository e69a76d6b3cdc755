import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { oauth } from '../support/oauth-client-libraries';
import { useService } from '../support/use-service';

/**
 * A merchant server on oauth4webapi with its defaults, configuring only the issuer URL and its
 * client id and secret. The test service speaks plain HTTP on 127.0.0.1, so every call passes the
 * library's documented `allowInsecureRequests` option, meant for testing; nothing else is changed.
 */
describe('a merchant server on oauth4webapi', () => {
  const h = useService({ merchants: accountMerchants() });
  let as: Oauth4WebApi.AuthorizationServer;
  const insecure = { [oauth.allowInsecureRequests]: true };
  const client: Oauth4WebApi.Client = { client_id: ACME.merchantId };

  beforeAll(async () => {
    const issuer = new URL(h.url);
    // processDiscoveryResponse refuses metadata whose issuer is not the URL the merchant configured.
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  });

  const clientCredentials = async (auth: Oauth4WebApi.ClientAuth) =>
    oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), insecure));

  const me = async (accessToken: string) => {
    const res = await oauth.protectedResourceRequest(accessToken, 'GET', new URL('/api/me', h.url), undefined, undefined, insecure);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('discovers the token, authorization and revocation endpoints from the RFC 8414 metadata', () => {
    expect(as.issuer).toBe(h.config.publicBaseUrl);
    expect(as.token_endpoint).toBe(`${h.url}/oauth/token`);
    expect(as.authorization_endpoint).toBe(`${h.url}/oauth/authorize`);
    expect(as.revocation_endpoint).toBe(`${h.url}/oauth/revoke`);
  });

  it.each([
    ['client_secret_basic', () => oauth.ClientSecretBasic(ACME.secret)],
    ['client_secret_post', () => oauth.ClientSecretPost(ACME.secret)],
  ])('gets a Bearer token with %s (a secret with a space, a colon and a %% sign) that opens GET /api/me', async (_method, auth) => {
    const tokens = await clientCredentials(auth());
    // The library lowercases token_type and parses expires_in as a number.
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(tokens.refresh_token).toBeUndefined();
    expect(await me(tokens.access_token)).toEqual({ status: 200, body: expect.objectContaining({ merchantId: ACME.merchantId, principal: 'client' }) });
  });

  it('surfaces a wrong secret sent in the form body as its ResponseBodyError: invalid_client, 401', async () => {
    const refusal = await clientCredentials(oauth.ClientSecretPost('not-the-secret')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(oauth.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('surfaces a wrong secret sent as HTTP Basic as the Basic challenge of a 401 (RFC 6749 section 5.2), the invalid_client body still readable', async () => {
    const refusal = await clientCredentials(oauth.ClientSecretBasic('not-the-secret')).catch((error: unknown) => error);
    // The library reports a WWW-Authenticate challenge before it reads the body.
    expect(refusal).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = refusal as Oauth4WebApi.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause).toEqual([expect.objectContaining({ scheme: 'basic', parameters: expect.objectContaining({ realm: 'splitpay' }) })]);
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
  });
});
