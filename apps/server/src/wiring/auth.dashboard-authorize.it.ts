import { createHash } from 'node:crypto';
import request from 'supertest';
import { authorizeQuery, DASHBOARD_CALLBACK, OTHER_CALLBACK, pkcePair } from '../../test/support/dashboard-login';
import { accountMerchants, ACME, GLOBEX } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

describe('dashboard login: GET and POST /oauth/authorize', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService({ merchants: accountMerchants() });
  });
  const { challenge } = pkcePair();
  const authorize = (query: Record<string, string>) => request(h.app).get('/oauth/authorize').query(query);
  const submit = (form: Record<string, string>) => request(h.app).post('/oauth/authorize').type('form').send(form);

  it('publishes RFC 8414 metadata naming the issuer, the endpoints, grants, PKCE S256 and client authentication methods', async () => {
    const res = await request(h.app).get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const base = h.config.publicBaseUrl;
    expect(res.body).toEqual({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      revocation_endpoint_auth_methods_supported: ['none'],
      grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      authorization_response_iss_parameter_supported: true,
    });
    // The issuer is the one access tokens name (RFC 8414 section 3.3 asks the two to match).
    const token = await request(h.app).post('/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: ACME.merchantId, client_secret: ACME.secret });
    const claims = JSON.parse(Buffer.from((token.body.access_token as string).split('.')[1] as string, 'base64url').toString('utf8')) as { iss: string };
    expect(claims.iss).toBe(res.body.issuer);
  });

  it('answers an accessible HTML login form carrying the request along', async () => {
    const res = await authorize(authorizeQuery(challenge));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="username" required/);
    expect(res.text).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password" autocomplete="current-password" required/);
    expect(res.text).toContain('<form method="post" action="authorize">');
    expect(res.text).toContain(`<input type="hidden" name="code_challenge" value="${challenge}">`);
    expect(res.text).toContain('<input type="hidden" name="state" value="state-123">');
    expect(res.text).not.toMatch(/<script/i);
  });

  it("styles the login page under a strict policy: no 'unsafe-inline', only the hash of the page's own style element (D79)", async () => {
    for (const res of [await authorize(authorizeQuery(challenge)), await authorize({ client_id: 'unknown' })]) {
      const policy = String(res.headers['content-security-policy']);
      expect(policy).not.toContain('unsafe-inline');
      const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] as string);
      expect(styles).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0] as string, 'utf8').digest('base64');
      expect(policy).toMatch(new RegExp(`(^|; )style-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
      expect(policy).toContain("default-src 'none'");
    }
  });

  it('escapes every echoed value', async () => {
    const hostile = '"><script>alert(1)</script><a href=\'x\'>';
    const res = await authorize(authorizeQuery(challenge, { state: hostile }));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;a href=&#39;x&#39;&#62;"');
    const failed = await submit({ ...authorizeQuery(challenge), email: '<b>x@acme.test</b>"', password: 'wrong-password' });
    expect(failed.text).not.toContain('<b>');
    expect(failed.text).toContain('value="&#60;b&#62;x@acme.test&#60;/b&#62;&#34;"');
  });

  it('shows an error page and never redirects for an unknown client or an unregistered redirect URI', async () => {
    const shapes = [
      authorizeQuery(challenge, { client_id: 'acme' }),
      authorizeQuery(challenge, { client_id: undefined }),
      authorizeQuery(challenge, { redirect_uri: undefined }),
      authorizeQuery(challenge, { redirect_uri: 'https://evil.example.test/callback' }),
      authorizeQuery(challenge, { redirect_uri: `${DASHBOARD_CALLBACK}/` }),
      authorizeQuery(challenge, { redirect_uri: `${DASHBOARD_CALLBACK}?next=x` }),
      authorizeQuery(challenge, { redirect_uri: DASHBOARD_CALLBACK.toUpperCase() }),
      // Even with PKCE missing too: the redirect URI is checked first.
      authorizeQuery(challenge, { redirect_uri: 'https://evil.example.test/callback', code_challenge: undefined }),
    ];
    for (const query of shapes) {
      for (const res of [await authorize(query), await submit({ ...query, email: ACME.admin.email, password: ACME.admin.password })]) {
        expect(res.status).toBe(400);
        expect(res.headers.location).toBeUndefined();
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('role="alert"');
        expect(res.text).not.toContain('evil.example.test');
      }
    }
  });

  it('requires PKCE S256: a missing challenge, the plain method or no method goes back as invalid_request', async () => {
    const shapes = {
      'no challenge': authorizeQuery(challenge, { code_challenge: undefined }),
      plain: authorizeQuery(challenge, { code_challenge_method: 'plain' }),
      'no method': authorizeQuery(challenge, { code_challenge_method: undefined }),
      'not an S256 challenge': authorizeQuery(challenge, { code_challenge: 'short' }),
    };
    for (const [shape, query] of Object.entries(shapes)) {
      for (const res of [await authorize(query), await submit({ ...query, email: ACME.admin.email, password: ACME.admin.password })]) {
        expect([shape, res.status]).toEqual([shape, 302]);
        const location = new URL(res.headers.location as string);
        expect(`${location.origin}${location.pathname}`).toBe(DASHBOARD_CALLBACK);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('state')).toBe('state-123');
        expect(location.searchParams.get('iss')).toBe(h.config.publicBaseUrl);
        expect(location.searchParams.get('code')).toBeNull();
      }
    }
  });

  it('refuses a response type other than code', async () => {
    const res = await authorize(authorizeQuery(challenge, { response_type: 'token' }));
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('redirects to the exact registered URI with a code and the state after a good sign-in', async () => {
    for (const [redirect, who] of [
      [DASHBOARD_CALLBACK, ACME.admin],
      [OTHER_CALLBACK, GLOBEX.admin],
    ] as const) {
      const res = await submit({ ...authorizeQuery(challenge, { redirect_uri: redirect, state: 'xyz 1/2' }), email: who.email.toUpperCase(), password: who.password });
      expect(res.status).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(redirect);
      expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('state')).toBe('xyz 1/2');
      // RFC 9207: the response names its issuer, so that a client talking to several servers cannot be mixed up.
      expect(location.searchParams.get('iss')).toBe(h.config.publicBaseUrl);
    }
  });

  it('shows the form again, with the same answer, for an unknown email and a wrong password', async () => {
    const wrongPassword = await submit({ ...authorizeQuery(challenge), email: 'member@acme.test', password: 'not-the-password' });
    const unknownEmail = await submit({ ...authorizeQuery(challenge), email: 'nobody@acme.test', password: 'not-the-password' });
    const otherAccountsPassword = await submit({ ...authorizeQuery(challenge), email: 'member@acme.test', password: GLOBEX.admin.password });
    for (const [res, email] of [
      [wrongPassword, 'member@acme.test'],
      [unknownEmail, 'nobody@acme.test'],
      [otherAccountsPassword, 'member@acme.test'],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain('The email or password is incorrect.');
      expect(res.text).toContain('<form method="post" action="authorize">');
      expect(res.text.replace(email, 'EMAIL')).toBe(wrongPassword.text.replace('member@acme.test', 'EMAIL'));
    }
  });

  it('refuses a sign-in form that is not form-urlencoded', async () => {
    const res = await request(h.app).post('/oauth/authorize').send({ ...authorizeQuery(challenge), email: ACME.admin.email, password: ACME.admin.password });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  describe('rate limit', () => {
    let r: ServiceHarness;
    beforeEach(async () => {
      r = await startService({ merchants: accountMerchants() });
    });
    const submitTo = (app: ServiceHarness['app'], form: Record<string, string>) => request(app).post('/oauth/authorize').type('form').send(form);

    it('slows repeated failures down: 429 after five per address and email, other emails unaffected', async () => {
      const form = { ...authorizeQuery(challenge), email: ACME.admin.email };
      for (let i = 0; i < 5; i += 1) expect((await submitTo(r.app, { ...form, password: `wrong-${i}` })).status).toBe(200);
      const limited = await submitTo(r.app, { ...form, password: 'wrong-again' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.text).toContain('Too many failed sign-in attempts');
      // Even the right password waits now: the limit is checked before the credentials.
      const right = await submitTo(r.app, { ...form, password: ACME.admin.password });
      expect(right.status).toBe(429);
      expect(right.headers.location).toBeUndefined();
      // Another contact from the same address still signs in.
      expect((await submitTo(r.app, { ...authorizeQuery(challenge), email: GLOBEX.admin.email, password: GLOBEX.admin.password })).status).toBe(302);
    });

    it('does not count successful sign-ins towards the limit', async () => {
      const form = { ...authorizeQuery(challenge), email: ACME.member.email, password: ACME.member.password };
      for (let i = 0; i < 7; i += 1) expect((await submitTo(r.app, form)).status).toBe(302);
    });

    it('counts only refused credentials, not malformed requests', async () => {
      const bad = { ...authorizeQuery(challenge, { code_challenge_method: 'plain' }), email: ACME.admin.email, password: 'wrong' };
      for (let i = 0; i < 8; i += 1) expect((await submitTo(r.app, bad)).status).toBe(302);
      expect((await submitTo(r.app, { ...authorizeQuery(challenge), email: ACME.admin.email, password: ACME.admin.password })).status).toBe(302);
    });
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
