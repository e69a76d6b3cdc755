import type { MerchantId } from '../ids/ids';
import type { ContactRole } from '../merchant/merchant-account.model';

/** A dashboard authorization code (stored by digest only), single use, short-lived. */
export interface AuthorizationCodeRecord {
  readonly codeHash: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly merchantId: MerchantId;
  readonly email: string;
  readonly role: ContactRole;
  readonly expiresAt: number;
}

export interface AuthorizationCodeRepository {
  insert(code: AuthorizationCodeRecord): Promise<void>;
  /** Atomically takes the code out, so a second use finds nothing. */
  consume(codeHash: string): Promise<AuthorizationCodeRecord | null>;
}

/** One refresh token of a rotating family (stored by digest only). */
export interface RefreshTokenRecord {
  readonly tokenHash: string;
  readonly familyId: string;
  readonly merchantId: MerchantId;
  readonly email: string;
  readonly role: ContactRole;
  readonly expiresAt: number;
  /** Set once the token was exchanged for its successor. */
  readonly usedAt?: number;
  readonly revoked?: boolean;
}

export type RefreshRotation =
  | { readonly kind: 'rotated'; readonly previous: RefreshTokenRecord }
  | { readonly kind: 'replayed'; readonly familyId: string }
  | { readonly kind: 'unknown' };

/** What became of a token stored: `revoked` when its family was revoked before or while it was stored. */
export type RefreshTokenIssue = 'live' | 'revoked';

export interface RefreshTokenRepository {
  /** Stores the token; one stored into a revoked family is stored revoked and answered `revoked`. */
  insert(token: RefreshTokenRecord): Promise<RefreshTokenIssue>;
  /**
   * Marks `tokenHash` used and inserts its successor when it is fresh; answers `replayed` when it was
   * already used (the caller then revokes the family) and `unknown` when it does not exist or was
   * revoked, including by a revocation of its family that ran while the successor was stored.
   */
  rotate(tokenHash: string, successor: (previous: RefreshTokenRecord) => RefreshTokenRecord, now: number): Promise<RefreshRotation>;
  /** Revokes every member of the family, those stored while it runs or later included. */
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes the family of the token `tokenHash` (used or not); `false` when no such token is stored. */
  revokeFamilyOf(tokenHash: string): Promise<boolean>;
}
