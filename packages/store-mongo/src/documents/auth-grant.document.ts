import type { AuthorizationCodeRecord, RefreshTokenRecord } from '@splitpay/domain';
import { fieldNames, pickFields } from './plain-document';

/**
 * A dashboard authorization code, `_id` its digest. `purgeAt` (a BSON date) feeds a TTL index so
 * MongoDB removes spent and expired codes by itself.
 */
export interface AuthorizationCodeDocument extends Omit<AuthorizationCodeRecord, 'codeHash'> {
  readonly _id: string;
  readonly purgeAt: Date;
}

/**
 * A refresh token of a rotating family, `_id` its digest. `purgeAt` starts at its own expiry and moves
 * with each rotation of the family to the newest token's (MongoRefreshTokenRepository): a used token
 * must stay to be recognized as replayed while its family lives (docs/decisions.md D5).
 */
export interface RefreshTokenDocument extends Omit<RefreshTokenRecord, 'tokenHash'> {
  readonly _id: string;
  readonly purgeAt: Date;
}

/**
 * The mark of a revoked refresh token family, `_id` the family id, written before its members are
 * revoked: a successor stored while the revocation ran finds it and is revoked too
 * (MongoRefreshTokenRepository). Purged (TTL on `purgeAt`) at the family's last expiry, as its members.
 */
export interface RevokedRefreshFamilyDocument {
  readonly _id: string;
  readonly purgeAt: Date;
}

const AUTHORIZATION_CODE_FIELDS = fieldNames<AuthorizationCodeRecord>({
  codeHash: true,
  clientId: true,
  redirectUri: true,
  codeChallenge: true,
  merchantId: true,
  email: true,
  role: true,
  expiresAt: true,
});

const REFRESH_TOKEN_FIELDS = fieldNames<RefreshTokenRecord>({
  tokenHash: true,
  familyId: true,
  merchantId: true,
  email: true,
  role: true,
  expiresAt: true,
  usedAt: true,
  revoked: true,
});

export function authorizationCodeToDocument(code: AuthorizationCodeRecord): AuthorizationCodeDocument {
  const { codeHash, ...rest } = code;
  return { _id: codeHash, ...rest, purgeAt: new Date(code.expiresAt) };
}

export function authorizationCodeFromDocument(doc: AuthorizationCodeDocument): AuthorizationCodeRecord {
  const fields = pickFields(doc as unknown as Record<string, unknown>, AUTHORIZATION_CODE_FIELDS) as Omit<AuthorizationCodeRecord, 'codeHash'>;
  return { ...fields, codeHash: doc._id };
}

export function refreshTokenToDocument(token: RefreshTokenRecord): RefreshTokenDocument {
  const { tokenHash, ...rest } = token;
  return { _id: tokenHash, ...rest, purgeAt: new Date(token.expiresAt) };
}

export function refreshTokenFromDocument(doc: RefreshTokenDocument): RefreshTokenRecord {
  const fields = pickFields(doc as unknown as Record<string, unknown>, REFRESH_TOKEN_FIELDS) as Omit<RefreshTokenRecord, 'tokenHash'>;
  return { ...fields, tokenHash: doc._id };
}
