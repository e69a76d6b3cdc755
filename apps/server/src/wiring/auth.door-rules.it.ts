import request from 'supertest';
import { clientToken, contactTokens } from '../../test/support/dashboard-login';
import { accountMerchants, ACME } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

/** the contract's Authentication rule 4, docs/decisions.md D14: which token opens which door. */
describe('door rules of client and contact tokens', () => {
  let h: ServiceHarness;
  let client: string;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    h = await startService({ merchants: accountMerchants() });
    client = await clientToken(h.app, ACME);
    admin = (await contactTokens(h.app, ACME.admin)).accessToken;
    member = (await contactTokens(h.app, ACME.member)).accessToken;
  });
  const order = { currency: 'EUR', total: 1500, orderId: 'order-door-1', methods: [{ method: 'card' }] };
  const bearer = (token: string) => `Bearer ${token}`;

  it('POST /api/sessions takes a client token and refuses contact tokens, even an admin one, as Unauthorized', async () => {
    const created = await request(h.app).post('/api/sessions').set('Authorization', bearer(client)).send(order);
    expect(created.status).toBe(201);
    expect(created.body.sessionId).toEqual(expect.any(String));

    const anonymous = await request(h.app).post('/api/sessions').send(order);
    for (const token of [admin, member]) {
      const res = await request(h.app).post('/api/sessions').set('Authorization', bearer(token)).send(order);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(res.body).toEqual({ code: 'Unauthorized', message: expect.any(String) });
      expect(res.text).toBe(anonymous.text);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('searches accept both kinds of token, scoped to the token merchant', async () => {
    for (const token of [client, admin, member]) {
      const res = await request(h.app).get('/api/sessions').set('Authorization', bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.sessions.every((s: { merchantId: string }) => s.merchantId === 'acme')).toBe(true);
    }
  });

  it('session refund accepts both kinds of token (an unknown session is NotFound, not Unauthorized)', async () => {
    const unknown = '01950000-0000-7000-8000-000000000000';
    for (const token of [client, admin]) {
      const res = await request(h.app).post(`/api/sessions/${unknown}/refund`).set('Authorization', bearer(token)).send({});
      expect([res.status, res.body.code]).toEqual([404, 'NotFound']);
    }
  });

  it('notification replay refuses a client token and takes a contact token', async () => {
    const unknown = '01950000-0000-7000-8000-000000000000';
    const byClient = await request(h.app).post(`/api/sessions/${unknown}/notification`).set('Authorization', bearer(client));
    expect([byClient.status, byClient.body.code]).toEqual([401, 'Unauthorized']);
    const byContact = await request(h.app).post(`/api/sessions/${unknown}/notification`).set('Authorization', bearer(admin));
    expect([byContact.status, byContact.body.code]).toEqual([404, 'NotFound']);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
