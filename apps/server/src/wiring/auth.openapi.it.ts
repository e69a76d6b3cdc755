import request from 'supertest';
import { buildOpenApiDocument, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { authorizeQuery, clientToken, contactTokens, pkcePair } from '../../test/support/dashboard-login';
import { accountMerchants, ACME } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';

/** Every status the auth doors answer, checked against the served OpenAPI document. */
describe('auth doors against the OpenAPI document', () => {
  const document = buildOpenApiDocument();
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService({ merchants: accountMerchants() });
  });
  const conforms = (method: string, url: string, res: request.Response) => expectResponseMatchesOpenApi(document, method, url, res);
  const { challenge } = pkcePair();
  const query = new URLSearchParams(authorizeQuery(challenge)).toString();

  it('POST /oauth/token: 200, 400, 401', async () => {
    const form = (body: Record<string, string>) => request(h.app).post('/oauth/token').type('form').send(body);
    conforms('post', '/oauth/token', await form({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: ACME.secret }));
    conforms('post', '/oauth/token', await request(h.app).post('/oauth/token').send({ grant_type: 'client_credentials' }));
    conforms('post', '/oauth/token', await form({ grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'dashboard' }));
    conforms('post', '/oauth/token', await form({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: 'wrong' }));
    const { refreshToken } = await contactTokens(h.app, ACME.admin);
    conforms('post', '/oauth/token', await form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dashboard' }));
  });

  it('GET and POST /oauth/authorize: 200, 302, 400, 429', async () => {
    conforms('get', `/oauth/authorize?${query}`, await request(h.app).get(`/oauth/authorize?${query}`));
    const noPkce = new URLSearchParams(authorizeQuery(challenge, { code_challenge: undefined })).toString();
    conforms('get', `/oauth/authorize?${noPkce}`, await request(h.app).get(`/oauth/authorize?${noPkce}`));
    const badClient = new URLSearchParams(authorizeQuery(challenge, { client_id: 'acme' })).toString();
    conforms('get', `/oauth/authorize?${badClient}`, await request(h.app).get(`/oauth/authorize?${badClient}`));

    const post = (form: Record<string, string>) => request(h.app).post('/oauth/authorize').type('form').send({ ...authorizeQuery(challenge), ...form });
    conforms('post', '/oauth/authorize', await post({ email: ACME.admin.email, password: ACME.admin.password }));
    conforms('post', '/oauth/authorize', await post({ client_id: 'acme', email: ACME.admin.email, password: ACME.admin.password }));
    const failures = [];
    for (let i = 0; i < 6; i += 1) failures.push(await post({ email: 'someone@acme.test', password: 'wrong' }));
    expect(failures.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    for (const res of failures) conforms('post', '/oauth/authorize', res);
  });

  it('GET /api/me: 200 for both kinds of token, 401', async () => {
    conforms('get', '/api/me', await request(h.app).get('/api/me').set('Authorization', `Bearer ${await clientToken(h.app, ACME)}`));
    const { accessToken } = await contactTokens(h.app, ACME.member);
    conforms('get', '/api/me', await request(h.app).get('/api/me').set('Authorization', `Bearer ${accessToken}`));
    conforms('get', '/api/me', await request(h.app).get('/api/me'));
  });
});
