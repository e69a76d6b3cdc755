import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import { DASHBOARD_CALLBACK } from '../support/dashboard-login';
import { oauth, openidClient } from '../support/oauth-client-libraries';

/** oauth4webapi's documented option for plain HTTP (the test service on 127.0.0.1), meant for testing. */
export const insecure = { [oauth.allowInsecureRequests]: true };

/** oauth4webapi's view of the authorization server, discovered from the issuer alone (RFC 8414 metadata). */
export async function discoverByOauth4WebApi(issuer: string): Promise<Oauth4WebApi.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure }));
}

/**
 * openid-client's configuration for one client, discovered from the issuer alone: `algorithm: 'oauth2'`
 * (RFC 8414 metadata; its default looks for OpenID Connect's) and plain HTTP allowed.
 */
export const discoverByOpenIdClient = (issuer: string, clientId: string, secret?: string, auth?: OpenIdClient.ClientAuth) =>
  openidClient.discovery(new URL(issuer), clientId, secret, auth, { algorithm: 'oauth2', execute: [openidClient.allowInsecureRequests] });

/** The dashboard's authorization request by openid-client (code, PKCE S256, a state) and the checks its code grant takes. */
export async function dashboardAuthorization(config: OpenIdClient.Configuration): Promise<{ url: URL; checks: OpenIdClient.AuthorizationCodeGrantChecks }> {
  const codeVerifier = openidClient.randomPKCECodeVerifier();
  const state = openidClient.randomState();
  const url = openidClient.buildAuthorizationUrl(config, {
    redirect_uri: DASHBOARD_CALLBACK,
    code_challenge: await openidClient.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, checks: { pkceCodeVerifier: codeVerifier, expectedState: state } };
}
