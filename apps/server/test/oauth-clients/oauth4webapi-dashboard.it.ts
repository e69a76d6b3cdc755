import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { DASHBOARD_CALLBACK } from '../support/dashboard-login';
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { oauth } from '../support/oauth-client-libraries';
import { signInThroughLoginPage } from '../support/sign-in-form';
import { useService } from '../support/use-service';

/**
 * The dashboard's login as a public client (`none`) on oauth4webapi with its defaults: authorization
 * code with PKCE S256, refresh, sign-out by revocation. Plain HTTP on 127.0.0.1 needs the library's
 * documented `allowInsecureRequests` option, meant for testing.
 */
describe('the dashboard login on oauth4webapi', () => {
  const h = useService({ merchants: accountMerchants() });
  let as: Oauth4WebApi.AuthorizationServer;
  const insecure = { [oauth.allowInsecureRequests]: true };
  const client: Oauth4WebApi.Client = { client_id: 'dashboard', token_endpoint_auth_method: 'none' };
  const none = oauth.None();

  beforeAll(async () => {
    const issuer = new URL(h.url);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  });

  /** The library's PKCE pair and state on the discovered authorization endpoint; the contact signs in. */
  async function authorizationResponse(state: string, codeVerifier: string): Promise<URL> {
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: DASHBOARD_CALLBACK,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return signInThroughLoginPage(url, ACME.admin);
  }

  const refresh = async (refreshToken: string) =>
    oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, none, refreshToken, insecure));

  it('signs in with a code and PKCE S256, refreshes with rotation, and signs out: the revoked refresh token is invalid_grant', async () => {
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const redirect = await authorizationResponse(state, codeVerifier);

    // Checks `iss` (RFC 9207, announced by the metadata) against the issuer, and the state.
    const params = oauth.validateAuthResponse(as, client, redirect, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, none, params, DASHBOARD_CALLBACK, codeVerifier, insecure),
    );
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) });

    const refreshed = await refresh(tokens.refresh_token!);
    expect(refreshed).toMatchObject({ token_type: 'bearer', refresh_token: expect.any(String) });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const me = await oauth.protectedResourceRequest(refreshed.access_token, 'GET', new URL('/api/me', h.url), undefined, undefined, insecure);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ merchantId: ACME.merchantId, principal: 'contact' });

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, none, refreshed.refresh_token!, insecure));
    const refusal = await refresh(refreshed.refresh_token!).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(oauth.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('surfaces a code exchanged with another verifier as its ResponseBodyError: invalid_grant', async () => {
    const state = oauth.generateRandomState();
    const redirect = await authorizationResponse(state, oauth.generateRandomCodeVerifier());
    const params = oauth.validateAuthResponse(as, client, redirect, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, none, params, DASHBOARD_CALLBACK, oauth.generateRandomCodeVerifier(), insecure);
    const refusal = await oauth.processAuthorizationCodeResponse(as, client, response).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(oauth.ResponseBodyError);
    expect(refusal).toMatchObject({ error: 'invalid_grant', status: 400 });
  });
});
