import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { listRoutes, responseProblems, undocumentedRoutes, type OpenApiDocument } from '@splitpay/http-api';
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { oauth, openidClient } from '../support/oauth-client-libraries';
import { startPathStrippingProxy, type PathStrippingProxy } from '../support/path-stripping-proxy';
import { signInThroughLoginPage } from '../support/sign-in-form';
import { useService } from '../support/use-service';
import { dashboardAuthorization, discoverByOauth4WebApi, discoverByOpenIdClient, insecure } from './oauth-clients.support';

const PREFIX = '/checkout';
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * PUBLIC_BASE_URL with a path: the service behind a proxy that strips `/checkout` and forwards the
 * host-root metadata address `/.well-known/oauth-authorization-server/checkout` as is. Every call
 * goes through that proxy; the libraries are given the issuer alone (plain HTTP on 127.0.0.1: their
 * documented `allowInsecureRequests`, meant for testing).
 */
describe('an issuer with a path, behind a proxy that strips it', () => {
  let proxy: PathStrippingProxy;
  let issuer: string;

  beforeAll(async () => {
    proxy = await startPathStrippingProxy(PREFIX);
    issuer = `${proxy.url}${PREFIX}`;
  });
  const h = useService(() => ({ merchants: accountMerchants(), env: { PUBLIC_BASE_URL: `${issuer}/` } }));
  beforeAll(() => {
    proxy.target = h.url;
  });
  afterAll(() => proxy.close());

  it('serves the metadata where RFC 8414 section 3.1 puts it and under the path, every endpoint carrying the path', async () => {
    const expected = {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
    };
    for (const address of [`${proxy.url}/.well-known/oauth-authorization-server${PREFIX}`, `${issuer}/.well-known/oauth-authorization-server`]) {
      const res = await fetch(address);
      expect({ address, status: res.status }).toEqual({ address, status: 200 });
      expect(await res.json()).toMatchObject(expected);
    }
    // Without a path in the issuer the path-inserted address is not served.
    expect((await fetch(`${h.url}/.well-known/oauth-authorization-server/elsewhere`)).status).toBe(404);
  });

  it('oauth4webapi discovers it from the issuer alone; its client_credentials token carries the issuer as iss and aud and opens GET /api/me', async () => {
    const as = await discoverByOauth4WebApi(issuer);
    expect(as.token_endpoint).toBe(`${issuer}/oauth/token`);
    const client: Oauth4WebApi.Client = { client_id: ACME.merchantId };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(ACME.secret), new URLSearchParams(), insecure),
    );
    expect(claimsOf(tokens.access_token)).toMatchObject({ iss: issuer, aud: issuer });
    const me = await oauth.protectedResourceRequest(tokens.access_token, 'GET', new URL(`${issuer}/api/me`), undefined, undefined, insecure);
    expect(me.status).toBe(200);
  });

  it('openid-client (algorithm oauth2) discovers it and runs the dashboard login through the proxy: iss of the redirect and of the tokens carry the path', async () => {
    const config = await discoverByOpenIdClient(issuer, 'dashboard', undefined, openidClient.None());
    expect(config.serverMetadata()).toMatchObject({ issuer, authorization_endpoint: `${issuer}/oauth/authorize` });
    const { url, checks } = await dashboardAuthorization(config);
    // The login page's form posts to an address under the path, which the proxy forwards.
    const redirect = await signInThroughLoginPage(url, ACME.admin);
    expect(redirect.searchParams.get('iss')).toBe(issuer);
    // authorizationCodeGrant checks that iss against the discovered issuer (RFC 9207).
    const tokens = await openidClient.authorizationCodeGrant(config, redirect, checks);
    expect(claimsOf(tokens.access_token)).toMatchObject({ iss: issuer, principal: 'contact' });
    const refreshed = await openidClient.refreshTokenGrant(config, tokens.refresh_token!);
    await openidClient.tokenRevocation(config, refreshed.refresh_token!);
    await expect(openidClient.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('describes the metadata at the issuer path in the OpenAPI document it serves, at the host root, and serves what it describes', async () => {
    const doc = (await (await fetch(`${issuer}/openapi.json`)).json()) as OpenApiDocument;
    const atRoot = `/.well-known/oauth-authorization-server${PREFIX}`;
    expect(doc.servers).toEqual([{ url: issuer }]);
    expect(doc.paths[atRoot]?.get).toMatchObject({ operationId: 'getAuthorizationServerMetadataAtIssuerPath', servers: [{ url: proxy.url }] });
    expect(undocumentedRoutes(doc, listRoutes(h.instance.app as never))).toEqual([]);
    const res = await fetch(`${proxy.url}${atRoot}`);
    const text = await res.text();
    expect(responseProblems(doc, 'get', atRoot, { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: JSON.parse(text), text })).toEqual([]);
  });
});
