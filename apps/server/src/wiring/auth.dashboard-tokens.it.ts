import request from 'supertest';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { COLLECTION_NAMES, MongoRefreshTokenRepository, type RefreshTokenDocument, type RevokedRefreshFamilyDocument } from '@splitpay/store-mongo';
import { DASHBOARD_CALLBACK, exchangeCode, OTHER_CALLBACK, pkcePair, refresh, signIn } from '../../test/support/dashboard-login';
import { accountMerchants, ACME } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const INVALID_GRANT = { error: 'invalid_grant', error_description: 'The grant is invalid, expired, revoked or was already used' };

describe('dashboard login: authorization_code and refresh_token grants', () => {
  // Embedded, so that every stored document can be read back.
  const stores = createEmbeddedStores();
  let h: ServiceHarness;
  beforeEach(async () => {
    h = await startService({ merchants: accountMerchants(), stores });
  });
  const me = (token: string) => request(h.app).get('/api/me').set('Authorization', `Bearer ${token}`);

  it('exchanges a code and its verifier for a contact access token and a refresh token', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const res = await exchangeCode(h.app, code, pkce.verifier);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const who = await me(res.body.access_token);
    expect(who.body).toEqual({ merchantId: 'acme', principal: 'contact', contact: { email: 'admin@acme.test', role: 'admin' }, expiresAt: h.clock.now() + 3600_000, providers: expect.any(Array) });
  });

  it('refuses a code used twice', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    expect((await exchangeCode(h.app, code, pkce.verifier)).status).toBe(200);
    const again = await exchangeCode(h.app, code, pkce.verifier);
    expect([again.status, again.body]).toEqual([400, INVALID_GRANT]);
  });

  it('revokes the refresh tokens issued from a code when that code is presented again', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const first = await exchangeCode(h.app, code, pkce.verifier);
    const rotated = await refresh(h.app, first.body.refresh_token);
    expect(rotated.status).toBe(200);
    // Another contact's family, opened meanwhile, must not suffer.
    const other = pkcePair();
    const bystander = await exchangeCode(h.app, await signIn(h.app, ACME.member, other), other.verifier);

    const again = await exchangeCode(h.app, code, pkce.verifier);
    expect([again.status, again.body]).toEqual([400, INVALID_GRANT]);
    const newest = await refresh(h.app, rotated.body.refresh_token);
    expect([newest.status, newest.body]).toEqual([400, INVALID_GRANT]);
    expect((await refresh(h.app, bystander.body.refresh_token)).status).toBe(200);

    const alert = h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'oauth.authorization_code_replayed');
    expect(alert).toMatchObject({ level: 'warn', familyId: expect.any(String) });
    const logged = h.logLines.join('\n');
    for (const secret of [code, pkce.verifier, first.body.refresh_token, rotated.body.refresh_token]) expect(logged).not.toContain(secret);
    // A third presentation finds the family already revoked: nothing more to do, same answer.
    expect((await exchangeCode(h.app, code, pkce.verifier)).body).toEqual(INVALID_GRANT);
  });

  it('does not revoke anything for a code refused at its first exchange', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    expect((await exchangeCode(h.app, code, pkcePair().verifier)).body).toEqual(INVALID_GRANT);
    expect((await exchangeCode(h.app, code, pkce.verifier)).body).toEqual(INVALID_GRANT);
    expect(h.logLines.some((line) => line.includes('oauth.authorization_code_replayed'))).toBe(false);
  });

  it('refuses a code past 60 seconds, and takes it just before', async () => {
    const late = pkcePair();
    const lateCode = await signIn(h.app, ACME.admin, late);
    const inTime = pkcePair();
    const inTimeCode = await signIn(h.app, ACME.admin, inTime);
    h.clock.advance(59_999);
    expect((await exchangeCode(h.app, inTimeCode, inTime.verifier)).status).toBe(200);
    h.clock.advance(1);
    const res = await exchangeCode(h.app, lateCode, late.verifier);
    expect([res.status, res.body]).toEqual([400, INVALID_GRANT]);
  });

  it('refuses a verifier for another challenge, and the code is spent by the attempt', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const wrong = await exchangeCode(h.app, code, pkcePair().verifier);
    expect([wrong.status, wrong.body]).toEqual([400, INVALID_GRANT]);
    const retry = await exchangeCode(h.app, code, pkce.verifier);
    expect([retry.status, retry.body]).toEqual([400, INVALID_GRANT]);
  });

  it('refuses another registered redirect URI than the one the code was issued for', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const res = await exchangeCode(h.app, code, pkce.verifier, { redirect_uri: OTHER_CALLBACK });
    expect([res.status, res.body]).toEqual([400, INVALID_GRANT]);
  });

  it('checks the client: dashboard only, named, and without a secret', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const otherClient = await exchangeCode(h.app, code, pkce.verifier, { client_id: 'acme' });
    const withSecret = await exchangeCode(h.app, code, pkce.verifier, { client_secret: 'x' });
    const basic = await exchangeCode(h.app, code, pkce.verifier, { client_id: undefined }).set('Authorization', `Basic ${Buffer.from(`acme:${ACME.secret}`).toString('base64')}`);
    // A merchant, even with its right secret, is told the grant is the dashboard's: no false authentication failure.
    for (const res of [otherClient, basic]) {
      expect([res.status, res.body.error]).toEqual([400, 'unauthorized_client']);
      expect(res.body.error_description).toMatch(/^The authorization_code grant is for the dashboard client only \(client_id=dashboard, no secret\)/);
    }
    expect([withSecret.status, withSecret.body.error]).toEqual([401, 'invalid_client']);
    const unnamed = await exchangeCode(h.app, code, pkce.verifier, { client_id: undefined });
    expect([unnamed.status, unnamed.body.error]).toEqual([400, 'invalid_request']);
    const missingVerifier = await exchangeCode(h.app, code, '', {});
    expect([missingVerifier.status, missingVerifier.body.error]).toEqual([400, 'invalid_request']);
    // None of the refused requests above spent the code.
    expect((await exchangeCode(h.app, code, pkce.verifier)).status).toBe(200);
  });

  it('tells a merchant presenting its right secret that the refresh_token grant is the dashboard\'s (unauthorized_client), not that its authentication failed', async () => {
    const pkce = pkcePair();
    const issued = await exchangeCode(h.app, await signIn(h.app, ACME.member, pkce), pkce.verifier);
    const asMerchant = (form: Record<string, string>, authorization?: string) => {
      const req = request(h.app).post('/oauth/token').type('form');
      return (authorization ? req.set('Authorization', authorization) : req).send({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token, ...form });
    };
    const byBasic = await asMerchant({}, `Basic ${Buffer.from(`${ACME.merchantId}:${ACME.secret}`).toString('base64')}`);
    const byBody = await asMerchant({ client_id: ACME.merchantId, client_secret: ACME.secret });
    for (const res of [byBasic, byBody]) {
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.body).toEqual({
        error: 'unauthorized_client',
        error_description: 'The refresh_token grant is for the dashboard client only (client_id=dashboard, no secret); a merchant server asks grant_type=client_credentials again when its access token expires',
      });
    }
    // The refused requests spent nothing: the dashboard still exchanges its refresh token.
    expect((await refresh(h.app, issued.body.refresh_token)).status).toBe(200);
  });

  it("keeps the dashboard's grants and sign-out out of the failed-client-authentication limit: an office behind one address signs in and refreshes after 30 failed client_credentials", async () => {
    const pkce = pkcePair();
    const issued = await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkce.verifier);
    const nextPkce = pkcePair();
    const code = await signIn(h.app, ACME.member, nextPkce);
    const clientCredentials = (clientId: string, secret: string) =>
      request(h.app).post('/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
    // A misconfigured merchant server behind the same address: the address's 30 failures, then 429.
    for (let i = 0; i < 30; i += 1) expect((await clientCredentials(`office-${i % 3}`, `wrong-${i}`)).status).toBe(401);
    const limited = await clientCredentials(ACME.merchantId, ACME.secret);
    expect([limited.status, limited.body.error]).toEqual([429, 'temporarily_unavailable']);

    // The dashboard's public client authenticates no client: its rotation, code exchange and sign-out go on.
    const rotated = await refresh(h.app, issued.body.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await exchangeCode(h.app, code, nextPkce.verifier)).status).toBe(200);
    const revoked = await request(h.app).post('/oauth/revoke').type('form').send({ token: rotated.body.refresh_token, token_type_hint: 'refresh_token', client_id: 'dashboard' });
    expect(revoked.status).toBe(200);
    // A secret presented with the dashboard's id is still a client authentication, still limited.
    const withSecret = await request(h.app).post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'dashboard', client_secret: 'guess' });
    expect(withSecret.status).toBe(429);
  });

  it('rotates the refresh token on every use', async () => {
    const pkce = pkcePair();
    const first = await exchangeCode(h.app, await signIn(h.app, ACME.member, pkce), pkce.verifier);
    const second = await refresh(h.app, first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String) });
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await me(second.body.access_token)).body.contact).toEqual({ email: 'member@acme.test', role: 'member' });
    const third = await refresh(h.app, second.body.refresh_token);
    expect(third.status).toBe(200);
  });

  it('revokes the whole family, the newest member included, when a used refresh token comes back', async () => {
    const pkce = pkcePair();
    const first = await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkce.verifier);
    const second = await refresh(h.app, first.body.refresh_token);
    const third = await refresh(h.app, second.body.refresh_token);
    expect(third.status).toBe(200);

    const replay = await refresh(h.app, first.body.refresh_token);
    expect([replay.status, replay.body]).toEqual([400, INVALID_GRANT]);
    const newest = await refresh(h.app, third.body.refresh_token);
    expect([newest.status, newest.body]).toEqual([400, INVALID_GRANT]);
    const alert = h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'oauth.refresh_token_replayed');
    expect(alert).toMatchObject({ level: 'warn', familyId: expect.any(String) });
    for (const token of [first.body.refresh_token, second.body.refresh_token, third.body.refresh_token]) expect(h.logLines.join('\n')).not.toContain(token);

    // Another login opens another family, untouched by the revocation.
    const other = pkcePair();
    const fresh = await exchangeCode(h.app, await signIn(h.app, ACME.admin, other), other.verifier);
    expect((await refresh(h.app, fresh.body.refresh_token)).status).toBe(200);
  });

  it('refuses a refresh token past its lifetime', async () => {
    const pkce = pkcePair();
    const tokens = await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkce.verifier);
    h.clock.advance(12 * 3600_000);
    const res = await refresh(h.app, tokens.body.refresh_token);
    expect([res.status, res.body]).toEqual([400, INVALID_GRANT]);
  });

  it('ends the refreshes of a contact removed from the merchants file, and applies nothing to the others', async () => {
    const member = pkcePair();
    const memberTokens = await exchangeCode(h.app, await signIn(h.app, ACME.member, member), member.verifier);
    const admin = pkcePair();
    const adminTokens = await exchangeCode(h.app, await signIn(h.app, ACME.admin, admin), admin.verifier);
    await h.reload(accountMerchants({ withoutAcmeMember: true }));
    expect((await refresh(h.app, memberTokens.body.refresh_token)).body).toEqual(INVALID_GRANT);
    expect((await refresh(h.app, adminTokens.body.refresh_token)).status).toBe(200);
  });

  it('answers one byte-identical invalid_grant for every bad code, verifier, redirect or refresh token', async () => {
    const answers: request.Response[] = [];
    const pkce = pkcePair();
    answers.push(await exchangeCode(h.app, 'no-such-code', pkce.verifier));
    answers.push(await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkcePair().verifier));
    answers.push(await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), 'malformed verifier'));
    answers.push(await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkce.verifier, { redirect_uri: `${DASHBOARD_CALLBACK}/` }));
    answers.push(await refresh(h.app, 'no-such-refresh-token'));
    const tokens = await exchangeCode(h.app, await signIn(h.app, ACME.admin, pkce), pkce.verifier);
    await refresh(h.app, tokens.body.refresh_token);
    answers.push(await refresh(h.app, tokens.body.refresh_token));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe(answers[0]?.text);
    }
  });

  it('stores codes, refresh tokens, secrets and passwords only as digests, hashes or sealed', async () => {
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    expect(dumpAll(stores)).not.toContain(code);
    const tokens = await exchangeCode(h.app, code, pkce.verifier);
    const rotated = await refresh(h.app, tokens.body.refresh_token);
    const stored = dumpAll(stores);
    expect(stored).toContain('"familyId"');
    for (const secret of [code, tokens.body.refresh_token, rotated.body.refresh_token, ACME.secret, ACME.admin.password, ACME.member.password, 'acme-webhook-authorization']) {
      expect(stored).not.toContain(secret);
    }
  });

  itAnsweredAsTheOpenApiDocumentSays();
});

/** Every document of every collection of the embedded store, as one string. */
function dumpAll(stores: EmbeddedStores): string {
  return JSON.stringify(stores.database.listCollections().map((collection) => collection.dump()));
}

describe('dashboard login: a code presented again while its first exchange is still storing the family (D155)', () => {
  /**
   * Embedded stores whose next insert of an unspent refresh token waits, once begun, until released:
   * the exchange paused between the spent code and the refresh token it opens the family with.
   */
  function pausedBeforeTheRefreshToken() {
    let begun!: () => void;
    let release!: () => void;
    const insertBegun = new Promise<void>((resolve) => (begun = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const stores = createEmbeddedStores();
    const tokens = stores.database.collection<RefreshTokenDocument>(COLLECTION_NAMES.refreshTokens);
    const refreshTokens = new Proxy(tokens, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (property === 'insertOne' && (args[0] as RefreshTokenDocument).usedAt === undefined) {
            begun();
            await released;
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const revokedRefreshFamilies = stores.database.collection<RevokedRefreshFamilyDocument>(COLLECTION_NAMES.revokedRefreshFamilies);
    return { stores: { ...stores, refreshTokens: new MongoRefreshTokenRepository({ refreshTokens, revokedRefreshFamilies }) }, insertBegun, release };
  }

  it('answers that first exchange invalid_grant too, and stores no refresh token of the family live', async () => {
    const paused = pausedBeforeTheRefreshToken();
    const h = await startService({ merchants: accountMerchants(), stores: paused.stores });
    const pkce = pkcePair();
    const code = await signIn(h.app, ACME.admin, pkce);
    const first = Promise.resolve(exchangeCode(h.app, code, pkce.verifier));
    await paused.insertBegun;
    const again = await exchangeCode(h.app, code, pkce.verifier);
    expect([again.status, again.body]).toEqual([400, INVALID_GRANT]);
    paused.release();
    const answer = await first;
    expect([answer.status, answer.body]).toEqual([400, INVALID_GRANT]);
    const stored = paused.stores.database.listCollections().find((c) => c.name === COLLECTION_NAMES.refreshTokens)!.dump();
    expect(stored.map((doc) => doc.revoked)).toEqual([true, true]);
  });
});
