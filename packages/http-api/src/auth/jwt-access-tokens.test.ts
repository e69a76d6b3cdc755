import jwt from 'jsonwebtoken';
import { merchantId } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { JwtAccessTokens } from './jwt-access-tokens';

const KEY = 'k'.repeat(40);
const BASE = 'https://pay.example.test';

function setup(overrides: Partial<{ signingKey: string; issuer: string; audience: string }> = {}) {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const tokens = new JwtAccessTokens({ signingKey: KEY, issuer: BASE, audience: BASE, ttlS: 3600, clock, ...overrides });
  return { clock, tokens };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs arbitrary claims with the real key, to reach the checks after the signature. */
function forge(payload: object, header: object = { typ: 'at+jwt' }, clock = new ManualClock(Date.UTC(2026, 0, 1))): string {
  const now = Math.floor(clock.now() / 1000);
  return jwt.sign({ iat: now, exp: now + 3600, iss: BASE, aud: BASE, jti: 'j-1', ...payload }, KEY, { algorithm: 'HS256', header: { alg: 'HS256', ...header } });
}

describe('JwtAccessTokens', () => {
  it('issues a client token that verifies to its merchant, with its expiry', () => {
    const { tokens, clock } = setup();
    const { token, expiresIn } = tokens.issue({ kind: 'client', merchantId: merchantId('acme') });
    expect(expiresIn).toBe(3600);
    expect(tokens.verify(token)).toEqual({ kind: 'client', merchantId: 'acme', expiresAt: clock.now() + 3600_000 });
  });

  it('issues a contact token carrying email and role', () => {
    const { tokens, clock } = setup();
    const { token } = tokens.issue({ kind: 'contact', merchantId: merchantId('acme'), contact: { email: 'ops@acme.test', role: 'member' } });
    expect(tokens.verify(token)).toEqual({
      kind: 'contact',
      merchantId: 'acme',
      contact: { email: 'ops@acme.test', role: 'member' },
      expiresAt: clock.now() + 3600_000,
    });
  });

  it('carries the registered claims: HS256, at+jwt, issuer, audience, subject, jti, expiry', () => {
    const { tokens } = setup();
    const a = tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token;
    const b = tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token;
    const decoded = jwt.decode(a, { complete: true });
    expect(decoded?.header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(decoded?.payload).toMatchObject({ iss: BASE, aud: BASE, sub: 'acme', principal: 'client' });
    const payload = decoded?.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.jti).toEqual(expect.any(String));
    expect((jwt.decode(b) as jwt.JwtPayload).jti).not.toBe(payload.jti);
  });

  it('refuses an expired token, and accepts it until then', () => {
    const { tokens, clock } = setup();
    const { token } = tokens.issue({ kind: 'client', merchantId: merchantId('acme') });
    clock.advance(3599_000);
    expect(tokens.verify(token)).not.toBeNull();
    clock.advance(1_000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('answers null for every other failure shape', () => {
    const { tokens } = setup();
    const good = tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token;
    const [header, payload] = good.split('.') as [string, string, string];
    const shapes: Record<string, string> = {
      empty: '',
      garbage: 'not-a-jwt',
      'two segments': `${header}.${payload}`,
      'elements token': 'pst_Q2xpZW50VG9rZW5Mb29rc0xpa2VUaGlzQnV0SXNOb3Q',
      'bad signature': setup({ signingKey: 'x'.repeat(40) }).tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token,
      'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
      'alg none with signature': `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.${good.split('.')[2]}`,
      'wrong issuer': setup({ issuer: 'https://evil.test' }).tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token,
      'wrong audience': setup({ audience: 'https://other.test' }).tokens.issue({ kind: 'client', merchantId: merchantId('acme') }).token,
      'HS512 with the same key': jwt.sign({ principal: 'client', sub: 'acme', iss: BASE, aud: BASE, jti: 'j' }, KEY, { algorithm: 'HS512', header: { alg: 'HS512', typ: 'at+jwt' }, expiresIn: 60 }),
      'plain JWT typ': forge({ principal: 'client', sub: 'acme' }, { typ: 'JWT' }),
      'no type claim': forge({ sub: 'acme' }),
      'unknown type claim': forge({ principal: 'admin', sub: 'acme' }),
      'contact without role': forge({ principal: 'contact', sub: 'acme', email: 'a@b.test' }),
      'contact with unknown role': forge({ principal: 'contact', sub: 'acme', email: 'a@b.test', role: 'owner' }),
      'no subject': forge({ principal: 'client' }),
      'no jti': forge({ principal: 'client', sub: 'acme', jti: undefined }),
      'oversized': `${header}.${'a'.repeat(5000)}.sig`,
    };
    for (const [shape, token] of Object.entries(shapes)) {
      expect([shape, tokens.verify(token)]).toEqual([shape, null]);
    }
    // The forging helper itself produces tokens the verifier accepts, so the refusals above are meaningful.
    expect(tokens.verify(forge({ principal: 'client', sub: 'acme' }))).not.toBeNull();
  });

  it('checks a token\u2019s signature once: the same text again is recalled, until it expires', () => {
    const { tokens, clock } = setup();
    const { token } = tokens.issue({ kind: 'client', merchantId: merchantId('acme') });
    const verify = jest.spyOn(jwt, 'verify');
    try {
      const first = tokens.verify(token);
      clock.advance(3599_000);
      expect(tokens.verify(token)).toEqual(first);
      expect(verify).toHaveBeenCalledTimes(1);
      clock.advance(1_000);
      expect(tokens.verify(token)).toBeNull();
      expect(tokens.verify(token)).toBeNull();
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses a tampered copy of a token already verified, and a token not yet valid', () => {
    const { tokens, clock } = setup();
    const { token } = tokens.issue({ kind: 'client', merchantId: merchantId('acme') });
    expect(tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(tokens.verify(`${header}.${b64({ ...claims, sub: 'other' })}.${signature}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    const later = forge({ principal: 'client', sub: 'acme', nbf: Math.floor(clock.now() / 1000) + 60 });
    expect(tokens.verify(later)).toBeNull();
    clock.advance(60_000);
    expect(tokens.verify(later)).not.toBeNull();
  });

  it('refuses a signing key shorter than 32 bytes', () => {
    expect(() => setup({ signingKey: 'short' })).toThrow('32 bytes');
  });
});
