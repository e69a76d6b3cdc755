import request from 'supertest';
import { exchangeCode, pkcePair, refresh, signIn, type RequestTarget } from '../../test/support/dashboard-login';
import { accountMerchants, ACME, type TestContact } from '../../test/support/merchants.fixture';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';
import { startService, type ServiceHarness } from '../../test/support/service-harness';

const INVALID_GRANT = { error: 'invalid_grant', error_description: 'The grant is invalid, expired, revoked or was already used' };

function revoke(app: RequestTarget, form: Record<string, string>) {
  return request(app).post('/oauth/revoke').type('form').send(form);
}

describe('POST /oauth/revoke: the dashboard signs out (RFC 7009)', () => {
  let h: ServiceHarness;
  beforeEach(async () => {
    h = await startService({ merchants: accountMerchants() });
  });
  afterEach(async () => h.close());

  async function signedIn(who: TestContact = ACME.admin): Promise<{ refreshToken: string }> {
    const pkce = pkcePair();
    const res = await exchangeCode(h.app, await signIn(h.app, who, pkce), pkce.verifier);
    return { refreshToken: res.body.refresh_token as string };
  }

  it('revokes the family of the refresh token presented: neither it nor its successors can be exchanged, another contact keeps hers', async () => {
    const first = await signedIn();
    const rotated = await refresh(h.app, first.refreshToken);
    const bystander = await signedIn(ACME.member);

    const res = await revoke(h.app, { token: rotated.body.refresh_token, token_type_hint: 'refresh_token', client_id: 'dashboard' });
    expect([res.status, res.text, res.headers['cache-control']]).toEqual([200, '', 'no-store']);

    const after = await refresh(h.app, rotated.body.refresh_token);
    expect([after.status, after.body]).toEqual([400, INVALID_GRANT]);
    expect((await refresh(h.app, bystander.refreshToken)).status).toBe(200);
    const logged = h.logLines.join('\n');
    expect(logged).toContain('oauth.refresh_token_revoked');
    expect(logged).not.toContain(rotated.body.refresh_token);
  });

  it('revokes by a spent member of the family too', async () => {
    const first = await signedIn();
    const rotated = await refresh(h.app, first.refreshToken);
    expect((await revoke(h.app, { token: first.refreshToken, client_id: 'dashboard' })).status).toBe(200);
    expect((await refresh(h.app, rotated.body.refresh_token)).body).toEqual(INVALID_GRANT);
  });

  it('answers 200 for a token it does not know or already revoked, saying nothing about which', async () => {
    const { refreshToken } = await signedIn();
    const unknown = await revoke(h.app, { token: 'never-issued', client_id: 'dashboard' });
    const first = await revoke(h.app, { token: refreshToken, client_id: 'dashboard' });
    const again = await revoke(h.app, { token: refreshToken, client_id: 'dashboard' });
    expect([unknown, first, again].map((r) => [r.status, r.text])).toEqual([
      [200, ''],
      [200, ''],
      [200, ''],
    ]);
  });

  it('refuses to revoke an access token by name (they lapse on their own), and bad requests with the OAuth codes', async () => {
    const access = await h.clientToken(ACME);
    const accessHint = await revoke(h.app, { token: access, token_type_hint: 'access_token', client_id: 'dashboard' });
    expect([accessHint.status, accessHint.body.error]).toEqual([400, 'unsupported_token_type']);
    const noToken = await revoke(h.app, { client_id: 'dashboard' });
    expect([noToken.status, noToken.body]).toEqual([400, { error: 'invalid_request', error_description: 'token is required' }]);
    const noClient = await revoke(h.app, { token: 'x' });
    expect([noClient.status, noClient.body.error]).toEqual([400, 'invalid_request']);
    // A merchant with its right secret is told revocation is the dashboard's, not that its authentication failed.
    const merchantClient = await revoke(h.app, { token: 'x', client_id: ACME.merchantId, client_secret: ACME.secret });
    expect([merchantClient.status, merchantClient.body.error]).toEqual([400, 'unauthorized_client']);
    expect(merchantClient.body.error_description).toMatch(/^Token revocation is for the dashboard client only \(client_id=dashboard, no secret\)/);
    const merchantBasic = await request(h.app)
      .post('/oauth/revoke')
      .set('Authorization', `Basic ${Buffer.from(`${ACME.merchantId}:${ACME.secret}`).toString('base64')}`)
      .type('form')
      .send({ token: 'x' });
    expect([merchantBasic.status, merchantBasic.body.error]).toEqual([400, 'unauthorized_client']);
    const json = await request(h.app).post('/oauth/revoke').send({ token: 'x', client_id: 'dashboard' });
    expect([json.status, json.body.error]).toEqual([400, 'invalid_request']);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
