import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { openidClient as client } from '../support/oauth-client-libraries';
import { signInThroughLoginPage } from '../support/sign-in-form';
import { useService } from '../support/use-service';
import { dashboardAuthorization, discoverByOpenIdClient } from './oauth-clients.support';

/**
 * openid-client v6 with its defaults against a plain OAuth 2.0 authorization server: discovery with
 * `algorithm: 'oauth2'` (RFC 8414 metadata; its default looks for OpenID Connect's), and the
 * documented `allowInsecureRequests` for the test service's plain HTTP on 127.0.0.1.
 */
describe('openid-client v6 against the service', () => {
  const h = useService({ merchants: accountMerchants() });
  const discover = (clientId: string, secret?: string, auth?: OpenIdClient.ClientAuth) => discoverByOpenIdClient(h.url, clientId, secret, auth);

  const me = async (config: OpenIdClient.Configuration, accessToken: string) => {
    const res = await client.fetchProtectedResource(config, accessToken, new URL('/api/me', h.url), 'GET');
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('discovers the service, its issuer the URL the merchant configured', async () => {
    const config = await discover(ACME.merchantId, ACME.secret);
    expect(config.serverMetadata()).toMatchObject({ issuer: h.config.publicBaseUrl, token_endpoint: `${h.url}/oauth/token` });
  });

  it.each([
    ['its default, client_secret_post', undefined],
    ['client_secret_basic', () => client.ClientSecretBasic()],
  ])('gets a client_credentials token with %s that opens GET /api/me', async (_method, auth) => {
    const config = await discover(ACME.merchantId, ACME.secret, auth?.());
    const tokens = await client.clientCredentialsGrant(config);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(await me(config, tokens.access_token)).toEqual({ status: 200, body: expect.objectContaining({ merchantId: ACME.merchantId, principal: 'client' }) });
  });

  it('surfaces a wrong secret in the form body as its ResponseBodyError: invalid_client, 401', async () => {
    const refusal = await client.clientCredentialsGrant(await discover(ACME.merchantId, 'not-the-secret')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(client.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('surfaces a wrong secret as HTTP Basic as the Basic challenge of a 401, the invalid_client body in its response', async () => {
    const config = await discover(ACME.merchantId, 'not-the-secret', client.ClientSecretBasic());
    const refusal = await client.clientCredentialsGrant(config).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = refusal as OpenIdClient.WWWAuthenticateChallengeError;
    expect(challenge).toMatchObject({ status: 401, cause: [expect.objectContaining({ scheme: 'basic' })] });
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('runs the dashboard login as a public client: code with PKCE S256, refresh, revocation', async () => {
    const config = await discover('dashboard', undefined, client.None());
    const { url, checks } = await dashboardAuthorization(config);
    const redirect = await signInThroughLoginPage(url, ACME.admin);
    const tokens = await client.authorizationCodeGrant(config, redirect, checks);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(await me(config, refreshed.access_token)).toEqual({ status: 200, body: expect.objectContaining({ principal: 'contact' }) });
    await client.tokenRevocation(config, refreshed.refresh_token!);
    const refusal = await client.refreshTokenGrant(config, refreshed.refresh_token!).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(client.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'invalid_grant', status: 400 });
  });
});
