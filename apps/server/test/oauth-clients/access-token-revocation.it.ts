import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { oauth, openidClient } from '../support/oauth-client-libraries';
import { signInThroughLoginPage } from '../support/sign-in-form';
import { useService } from '../support/use-service';
import { dashboardAuthorization, discoverByOauth4WebApi, discoverByOpenIdClient, insecure } from './oauth-clients.support';

/**
 * RFC 7009 revocation of an access token, asked through both libraries by the dashboard (the one
 * client the revocation door serves, public). Access tokens are JWTs checked without a store
 * (docs/decisions.md D6, D30): the service cannot revoke one, and says so with
 * `unsupported_token_type` (RFC 7009 section 2.2.1) rather than a 200 that would claim it did.
 */
describe('revoking an access token through oauth4webapi and openid-client', () => {
  const h = useService({ merchants: accountMerchants() });
  let config: OpenIdClient.Configuration;
  let as: Oauth4WebApi.AuthorizationServer;
  const client: Oauth4WebApi.Client = { client_id: 'dashboard', token_endpoint_auth_method: 'none' };

  beforeAll(async () => {
    config = await discoverByOpenIdClient(h.url, 'dashboard', undefined, openidClient.None());
    as = await discoverByOauth4WebApi(h.url);
  });

  /** A contact's tokens through the login page, by openid-client. */
  async function signedIn(): Promise<{ accessToken: string; refreshToken: string }> {
    const { url, checks } = await dashboardAuthorization(config);
    const tokens = await openidClient.authorizationCodeGrant(config, await signInThroughLoginPage(url, ACME.admin), checks);
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token! };
  }

  const meStatus = async (accessToken: string) => (await fetch(`${h.url}/api/me`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;

  const byOauth4WebApi = async (token: string, hint?: string) =>
    oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), token, { ...insecure, ...(hint ? { additionalParameters: { token_type_hint: hint } } : {}) }),
    );
  const byOpenIdClient = (token: string, hint?: string) => openidClient.tokenRevocation(config, token, hint ? { token_type_hint: hint } : {});

  it.each([
    ['oauth4webapi', 'access_token', byOauth4WebApi],
    ['oauth4webapi', undefined, byOauth4WebApi],
    ['openid-client', 'access_token', byOpenIdClient],
    ['openid-client', undefined, byOpenIdClient],
  ])('%s (token_type_hint %s): the ResponseBodyError unsupported_token_type, 400; the access token still opens /api/me', async (_library, hint, revoke) => {
    const { accessToken, refreshToken } = await signedIn();
    const refusal = await revoke(accessToken, hint).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(_library === 'oauth4webapi' ? oauth.ResponseBodyError : openidClient.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'unsupported_token_type', status: 400 });
    expect(await meStatus(accessToken)).toBe(200);
    // The refresh token is what signs the contact out; the access token then lapses on its own.
    await revoke(refreshToken, 'refresh_token');
    await expect(openidClient.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await meStatus(accessToken)).toBe(200);
  });

  it('a refresh token named as an access token is still found and revoked (the hint is only a hint), through both', async () => {
    for (const revoke of [byOauth4WebApi, byOpenIdClient]) {
      const { refreshToken } = await signedIn();
      await revoke(refreshToken, 'access_token');
      await expect(openidClient.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('a token that is no token of the service is answered 200 without a hint, through both', async () => {
    await expect(byOauth4WebApi('never-issued')).resolves.toBeUndefined();
    await expect(byOpenIdClient('never-issued')).resolves.toBeUndefined();
  });
});
