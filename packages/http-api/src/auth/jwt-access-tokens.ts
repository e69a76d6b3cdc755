import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt, { type Algorithm, type JwtPayload } from 'jsonwebtoken';
import type { AccessTokens, Principal, PrincipalClaims } from '@splitpay/application';
import { merchantId, type Clock, type ContactRole } from '@splitpay/domain';
import { VerifiedTokens } from './verified-tokens.cache';

/** The one algorithm accepted: `none` and every other algorithm are refused at verification. */
const ALGORITHMS: Algorithm[] = ['HS256'];
/** RFC 9068 media type of a JWT access token, so an ID token or another JWT is never taken for one. */
const TOKEN_TYP = 'at+jwt';
const MAX_TOKEN_LENGTH = 4096;
const MIN_KEY_BYTES = 32;
const ROLES: readonly ContactRole[] = ['admin', 'member'];

export interface JwtAccessTokensDeps {
  /** HS256 secret (ACCESS_TOKEN_SIGNING_KEY), at least 32 bytes; every instance shares it. */
  readonly signingKey: string;
  /** PUBLIC_BASE_URL: both the `iss` and the `aud` of every token. */
  readonly issuer: string;
  readonly audience: string;
  /** ACCESS_TOKEN_TTL_S. */
  readonly ttlS: number;
  readonly clock: Clock;
}

/** Claims of our access tokens beyond the registered ones (sub = merchant id). */
interface AccessClaims extends JwtPayload {
  /** Separates machine (client_credentials) tokens from human (dashboard) ones. */
  principal?: unknown;
  email?: unknown;
  role?: unknown;
}

/**
 * /api access tokens as HS256 JWTs: fixed algorithm, issuer, audience, expiry, jti, a `principal`
 * claim ('client' | 'contact'), the merchant id as subject, and the contact's email and role.
 */
export class JwtAccessTokens implements AccessTokens {
  private readonly key: KeyObject;
  private readonly verified = new VerifiedTokens();

  constructor(private readonly deps: JwtAccessTokensDeps) {
    const bytes = Buffer.from(deps.signingKey, 'utf8');
    if (bytes.length < MIN_KEY_BYTES) throw new Error(`the access token signing key must be at least ${MIN_KEY_BYTES} bytes`);
    this.key = createSecretKey(bytes);
  }

  issue(principal: PrincipalClaims): { readonly token: string; readonly expiresIn: number } {
    const claims: AccessClaims = {
      principal: principal.kind,
      iat: Math.floor(this.deps.clock.now() / 1000),
      ...(principal.kind === 'contact' ? { email: principal.contact.email, role: principal.contact.role } : {}),
    };
    const token = jwt.sign(claims, this.key, {
      algorithm: 'HS256',
      header: { alg: 'HS256', typ: TOKEN_TYP },
      expiresIn: this.deps.ttlS,
      issuer: this.deps.issuer,
      audience: this.deps.audience,
      subject: principal.merchantId,
      jwtid: randomUUID(),
    });
    return { token, expiresIn: this.deps.ttlS };
  }

  verify(token: string): Principal | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const nowS = Math.floor(this.deps.clock.now() / 1000);
    const recalled = this.verified.recall(token, nowS);
    if (recalled !== undefined) return recalled;
    let decoded: jwt.Jwt;
    try {
      decoded = jwt.verify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: this.deps.issuer,
        audience: this.deps.audience,
        clockTimestamp: nowS,
        complete: true,
      });
    } catch {
      return null;
    }
    if (decoded.header.typ !== TOKEN_TYP || typeof decoded.payload !== 'object') return null;
    const claims = decoded.payload as AccessClaims;
    const principal = principalOf(claims);
    if (principal && typeof claims.exp === 'number') this.verified.remember(token, { principal: Object.freeze(principal), exp: claims.exp, nbf: claims.nbf });
    return principal;
  }
}

function principalOf(claims: AccessClaims): Principal | null {
  const { sub, exp, jti } = claims;
  if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number' || typeof jti !== 'string') return null;
  const expiresAt = exp * 1000;
  switch (claims.principal) {
    case 'client':
      return { kind: 'client', merchantId: merchantId(sub), expiresAt };
    case 'contact': {
      const { email, role } = claims;
      if (typeof email !== 'string' || email === '' || !ROLES.includes(role as ContactRole)) return null;
      return { kind: 'contact', merchantId: merchantId(sub), contact: { email, role: role as ContactRole }, expiresAt };
    }
    default:
      return null;
  }
}
