import type {
  AuthorizationCodeRecord,
  AuthorizationCodeRepository,
  RefreshRotation,
  RefreshTokenRecord,
  RefreshTokenRepository,
} from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import {
  authorizationCodeFromDocument,
  authorizationCodeToDocument,
  refreshTokenFromDocument,
  refreshTokenToDocument,
} from '../documents/auth-grant.document';

/** Authorization codes, `_id` the code digest; consuming one deletes it in the same atomic step. */
export class MongoAuthorizationCodeRepository implements AuthorizationCodeRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'authorizationCodes'>) {}

  async insert(code: AuthorizationCodeRecord): Promise<void> {
    await this.collections.authorizationCodes.insertOne(authorizationCodeToDocument(code));
  }

  async consume(codeHash: string): Promise<AuthorizationCodeRecord | null> {
    const doc = await this.collections.authorizationCodes.findOneAndDelete({ _id: codeHash });
    return doc ? authorizationCodeFromDocument(doc) : null;
  }
}

/**
 * Refresh tokens, `_id` the token digest. Rotation marks the presented token used with one
 * conditional update (only a fresh, unrevoked, unexpired token matches, so two concurrent rotations
 * of one token cannot both win), then inserts the successor. Were the process to die between the
 * two, the family simply ends: the holder signs in again; no token is ever valid twice. Every token of
 * a family is purged (TTL on `purgeAt`) at the family's last expiry, not at its own.
 */
export class MongoRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'refreshTokens'>) {}

  async insert(token: RefreshTokenRecord): Promise<void> {
    await this.collections.refreshTokens.insertOne(refreshTokenToDocument(token));
  }

  /** `unknown` also answers an expired token; `replayed` any token already used, expired or not. */
  async rotate(
    tokenHash: string,
    successor: (previous: RefreshTokenRecord) => RefreshTokenRecord,
    now: number,
  ): Promise<RefreshRotation> {
    const used = await this.collections.refreshTokens.findOneAndUpdate(
      { _id: tokenHash, usedAt: { $exists: false }, revoked: { $ne: true }, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
      { returnDocument: 'after' },
    );
    if (used) {
      const previous = refreshTokenFromDocument(used);
      const next = successor(previous);
      await this.insert(next);
      await this.keepFamilyUntil(previous.familyId, next.expiresAt);
      return { kind: 'rotated', previous };
    }
    const doc = await this.collections.refreshTokens.findOne({ _id: tokenHash });
    if (!doc || doc.revoked === true) return { kind: 'unknown' };
    if (doc.usedAt !== undefined) return { kind: 'replayed', familyId: doc.familyId };
    return { kind: 'unknown' };
  }

  /**
   * Moves the TTL purge of every token of the family to the family's last expiry (its newest token's):
   * a used token is answered `replayed` even once expired, revoking the family (docs/decisions.md D5),
   * which the TTL would otherwise make `unknown` as soon as the token itself expired.
   */
  private async keepFamilyUntil(familyId: string, lastExpiry: number): Promise<void> {
    await this.collections.refreshTokens.updateMany({ familyId }, { $set: { purgeAt: new Date(lastExpiry) } });
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.collections.refreshTokens.updateMany({ familyId }, { $set: { revoked: true } });
  }

  async revokeFamilyOf(tokenHash: string): Promise<boolean> {
    const doc = await this.collections.refreshTokens.findOne({ _id: tokenHash }, { projection: { familyId: 1 } });
    if (!doc) return false;
    await this.revokeFamily(doc.familyId);
    return true;
  }
}
