import request from 'supertest';
import { accountMerchants, ACME, GLOBEX } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
/** RFC 6749 section 2.3.1: Basic credentials are form-urlencoded first. */
const basicEncoded = (id: string, secret: string) => basic(encodeURIComponent(id), encodeURIComponent(secret));

describe('POST /oauth/token, client_credentials', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService({ merchants: accountMerchants() });
  });
  const token = () => request(h.app).post('/oauth/token');

  function expectTokenAnswer(res: request.Response): void {
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
  }

  it('takes the merchant id and secret in the form body, and issues no refresh token', async () => {
    const res = await token().type('form').send({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: ACME.secret });
    expectTokenAnswer(res);
    const me = await request(h.app).get('/api/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(me.body).toMatchObject({ merchantId: 'acme', principal: 'client' });
  });

  it('takes them as HTTP Basic, form-urlencoded or raw', async () => {
    for (const header of [basicEncoded(ACME.merchantId, ACME.secret), basic(ACME.merchantId, ACME.secret), basic(GLOBEX.merchantId, GLOBEX.secret)]) {
      const res = await token().set('Authorization', header).type('form').send({ grant_type: 'client_credentials' });
      expectTokenAnswer(res);
    }
  });

  it('accepts a body client_id repeating the Basic one', async () => {
    const res = await token().set('Authorization', basic(GLOBEX.merchantId, GLOBEX.secret)).type('form').send({ grant_type: 'client_credentials', client_id: GLOBEX.merchantId });
    expectTokenAnswer(res);
  });

  it('refuses JSON and any body that is not form-urlencoded with invalid_request', async () => {
    const bodies = [
      token().send({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: ACME.secret }),
      token().type('text/plain').send(`grant_type=client_credentials&client_id=acme&client_secret=x`),
      token(),
    ];
    for (const pending of bodies) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses credentials both as Basic and in the body, or a mismatched client_id, with invalid_request', async () => {
    const both = await token().set('Authorization', basic(ACME.merchantId, ACME.secret)).type('form').send({ grant_type: 'client_credentials', client_secret: ACME.secret });
    const mismatched = await token().set('Authorization', basic(ACME.merchantId, ACME.secret)).type('form').send({ grant_type: 'client_credentials', client_id: GLOBEX.merchantId });
    const otherScheme = await token().set('Authorization', 'Bearer abc').type('form').send({ grant_type: 'client_credentials' });
    const noColon = await token().set('Authorization', `Basic ${Buffer.from('acme').toString('base64')}`).type('form').send({ grant_type: 'client_credentials' });
    for (const res of [both, mismatched, otherScheme, noColon]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
  });

  it('says Basic credentials it cannot read could not be read, and another scheme that only Basic is supported', async () => {
    const descriptionFor = async (authorization: string) => {
      const res = await token().set('Authorization', authorization).type('form').send({ grant_type: 'client_credentials' });
      expect([res.status, res.body.error]).toEqual([400, 'invalid_request']);
      return String(res.body.error_description);
    };
    expect(await descriptionFor('Basic !!!')).toBe('The HTTP Basic credentials could not be read: base64 of the form-urlencoded client id, a colon and the secret is expected');
    expect(await descriptionFor('Basic')).toMatch(/^The HTTP Basic credentials could not be read/);
    expect(await descriptionFor(`Basic ${Buffer.from('acme').toString('base64')}`)).toBe('The HTTP Basic credentials could not be read: no colon between the client id and the secret');
    expect(await descriptionFor('Bearer abc')).toBe('Only HTTP Basic client authentication is supported');
  });

  it('answers a body over 16 kB with 400 invalid_request saying so (RFC 6749: every error but invalid_client is 400)', async () => {
    const res = await token().type('form').send(`grant_type=client_credentials&client_id=acme&client_secret=${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'The request body is larger than 16 kB' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers one byte-identical invalid_client for a wrong secret and an unknown client', async () => {
    const wrongSecret = await token().type('form').send({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: 'not-the-secret' });
    const unknown = await token().type('form').send({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'not-the-secret' });
    const otherMerchantSecret = await token().type('form').send({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: GLOBEX.secret });
    const dashboard = await token().type('form').send({ grant_type: 'client_credentials', client_id: 'dashboard', client_secret: 'anything' });
    const noSecret = await token().type('form').send({ grant_type: 'client_credentials', client_id: ACME.merchantId });
    for (const res of [wrongSecret, unknown, otherMerchantSecret, dashboard, noSecret]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe(wrongSecret.text);
    }
    expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
  });

  it('adds WWW-Authenticate: Basic to invalid_client when the client used Basic', async () => {
    const wrongSecret = await token().set('Authorization', basic(ACME.merchantId, 'wrong')).type('form').send({ grant_type: 'client_credentials' });
    const unknown = await token().set('Authorization', basic('nobody', 'wrong')).type('form').send({ grant_type: 'client_credentials' });
    for (const res of [wrongSecret, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
      expect(res.text).toBe(wrongSecret.text);
    }
  });

  it('answers invalid_request without grant_type or with a repeated parameter, unsupported_grant_type for others', async () => {
    const missing = await token().type('form').send({ client_id: ACME.merchantId, client_secret: ACME.secret });
    const repeated = await token().type('form').send(`grant_type=client_credentials&client_id=acme&client_id=acme&client_secret=${encodeURIComponent(ACME.secret)}`);
    const password = await token().type('form').send({ grant_type: 'password', username: 'a', password: 'b' });
    expect([missing.status, missing.body.error]).toEqual([400, 'invalid_request']);
    expect([repeated.status, repeated.body.error]).toEqual([400, 'invalid_request']);
    expect([password.status, password.body.error]).toEqual([400, 'unsupported_grant_type']);
    expect(password.headers['cache-control']).toBe('no-store');
  });

  describe('failed authentications', () => {
    let r: ServiceHarness;
    beforeEach(async () => {
      r = await startService({ merchants: accountMerchants() });
    });
    const tokenOf = (app: ServiceHarness['app'], form: Record<string, string>, authorization?: string) => {
      const req = request(app).post('/oauth/token').type('form');
      return (authorization ? req.set('Authorization', authorization) : req).send({ grant_type: 'client_credentials', ...form });
    };

    it('are limited: 429 after ten per address and client id, the right secret included; other clients unaffected', async () => {
      for (let i = 0; i < 5; i += 1) expect((await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: `wrong-${i}` })).status).toBe(401);
      for (let i = 0; i < 5; i += 1) expect((await tokenOf(r.app, {}, basic(ACME.merchantId, `wrong-${i}`))).status).toBe(401);
      for (const res of [await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: 'wrong-again' }), await tokenOf(r.app, {}, basic(ACME.merchantId, ACME.secret))]) {
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^Too many failed client authentications/) });
      }
      expect((await tokenOf(r.app, { client_id: GLOBEX.merchantId, client_secret: GLOBEX.secret })).status).toBe(200);
    });

    it('from one address never lock the right secret out for another address, behind a trusted proxy (TRUST_PROXY)', async () => {
      const proxied = await startService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' } });
      const from = (address: string, secret: string) => tokenOf(proxied.app, { client_id: ACME.merchantId, client_secret: secret }).set('X-Forwarded-For', address);
      for (let i = 0; i < 10; i += 1) expect((await from('203.0.113.7', `wrong-${i}`)).status).toBe(401);
      expect((await from('203.0.113.7', ACME.secret)).status).toBe(429);
      expect((await from('198.51.100.20', ACME.secret)).status).toBe(200);
      // A client behind the same proxy naming itself another address in its own X-Forwarded-For is not believed past the proxy.
      expect((await from('198.51.100.20, 203.0.113.7', ACME.secret)).status).toBe(429);
    });

    it('without TRUST_PROXY, X-Forwarded-For is not believed: every caller is the peer address', async () => {
      for (let i = 0; i < 10; i += 1) expect((await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: `wrong-${i}` }).set('X-Forwarded-For', '203.0.113.7')).status).toBe(401);
      expect((await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: ACME.secret }).set('X-Forwarded-For', '198.51.100.20')).status).toBe(429);
    });

    it('do not count successful authentications', async () => {
      for (let i = 0; i < 12; i += 1) expect((await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: ACME.secret })).status).toBe(200);
      expect((await tokenOf(r.app, { client_id: ACME.merchantId, client_secret: 'wrong' })).status).toBe(401);
    });
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
