import jwt from 'jsonwebtoken';
import request from 'supertest';
import { clientToken, contactTokens } from '../../test/support/dashboard-login';
import { accountMerchants, ACME } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

describe('GET /api/me', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService({ merchants: accountMerchants() });
  });
  // acme's second acquirer is not carried by this service: no display name (D66).
  const ACME_PROVIDERS = [{ id: 'acquirer-b' }, { id: 'fake', name: 'Fake PSP' }];
  const me = (authorization?: string) => {
    const req = request(h.app).get('/api/me');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  it('identifies a client token: its merchant, principal client and expiry', async () => {
    const token = await clientToken(h.app, ACME);
    const res = await me(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ merchantId: 'acme', principal: 'client', expiresAt: h.clock.now() + 3600_000, providers: ACME_PROVIDERS });
  });

  it('reads the Bearer scheme name case-insensitively', async () => {
    const token = await clientToken(h.app, ACME);
    for (const scheme of ['bearer', 'BEARER']) expect((await me(`${scheme} ${token}`)).status).toBe(200);
  });

  it('takes one or more spaces between the scheme and the token (RFC 6750: 1*SP), as the elements doors do', async () => {
    const token = await clientToken(h.app, ACME);
    for (const gap of ['  ', '   ']) expect((await me(`Bearer${gap}${token}`)).status).toBe(200);
    expect((await me(`Bearer\t${token}`)).status).toBe(401);
  });

  it('identifies a contact token with the contact email and role', async () => {
    const { accessToken } = await contactTokens(h.app, ACME.member);
    const res = await me(`Bearer ${accessToken}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ merchantId: 'acme', principal: 'contact', contact: { email: 'member@acme.test', role: 'member' }, expiresAt: h.clock.now() + 3600_000, providers: ACME_PROVIDERS });
  });

  it('answers one Unauthorized for every failure shape', async () => {
    const good = await clientToken(h.app, ACME);
    const [header, payload] = good.split('.') as [string, string, string];
    const claims = jwt.decode(good) as jwt.JwtPayload;
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    // Same signing key, another public base URL: the token names another audience and issuer.
    const elsewhere = await startService({ merchants: accountMerchants(), env: { PUBLIC_BASE_URL: 'https://other.example.test', ACCESS_TOKEN_SIGNING_KEY: h.config.accessTokenSigningKey } });
    const foreignAudience = await clientToken(elsewhere.app, ACME);
    expect((await request(elsewhere.app).get('/api/me').set('Authorization', `Bearer ${foreignAudience}`)).status).toBe(200);

    const shapes: Record<string, string | undefined> = {
      absent: undefined,
      empty: '',
      'scheme only': 'Bearer',
      'basic scheme': `Basic ${Buffer.from(`${ACME.merchantId}:${ACME.secret}`).toString('base64')}`,
      malformed: 'Bearer not.a.jwt',
      'bad signature': `Bearer ${header}.${payload}.${Buffer.from('forged-signature-bytes-00000000000').toString('base64url')}`,
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
      'signed by another key': `Bearer ${jwt.sign({ ...claims }, 'another-signing-key-of-enough-length-000', { header: { alg: 'HS256', typ: 'at+jwt' } })}`,
      'elements token': `Bearer ${h.instance.services.tokenMinter.newElementsToken()}`,
      'wrong audience': `Bearer ${foreignAudience}`,
    };
    const answers = await Promise.all(Object.entries(shapes).map(async ([shape, authorization]) => [shape, await me(authorization)] as const));

    // Expired: the same good token, an hour and a second later.
    h.clock.advance(3601_000);
    const expired = await me(`Bearer ${good}`);
    h.clock.advance(-3601_000);

    for (const [shape, res] of [...answers, ['expired', expired] as const]) {
      // RFC 6750 section 3.1: a refused credential is invalid_token; no credential, the bare challenge.
      const challenge = shape === 'absent' || shape === 'empty' ? 'Bearer' : 'Bearer error="invalid_token"';
      expect([shape, res.status, res.headers['www-authenticate']]).toEqual([shape, 401, challenge]);
      expect([shape, res.text]).toEqual([shape, expired.text]);
    }
    expect(expired.body).toEqual({ code: 'Unauthorized', message: expect.any(String) });
    expect((await me(`Bearer ${good}`)).status).toBe(200);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
