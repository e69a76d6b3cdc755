import type {
  AuthorizationCodeRecord,
  AuthorizationCodeRepository,
  RefreshRotation,
  RefreshTokenIssue,
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
 *
 * A revocation of a family (a replay, a sign-out) can run between a rotation's two writes; its
 * `updateMany` then misses the successor. So it first marks the family revoked, and every insert
 * reads that mark after its own write: whichever of the two writes comes second sees the other, and
 * the successor is revoked either way (docs/decisions.md D155), with no transaction.
 */
export class MongoRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'refreshTokens' | 'revokedRefreshFamilies'>) {}

  async insert(token: RefreshTokenRecord): Promise<RefreshTokenIssue> {
    await this.collections.refreshTokens.insertOne(refreshTokenToDocument(token));
    if (!(await this.collections.revokedRefreshFamilies.findOne({ _id: token.familyId }))) return 'live';
    await this.collections.refreshTokens.updateOne({ _id: token.tokenHash }, { $set: { revoked: true } });
    return 'revoked';
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
      if ((await this.insert(next)) === 'revoked') return { kind: 'unknown' };
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

  /**
   * The mark first, then the members. The mark lives as long as the family: a rotation can only be
   * between its two writes while the token it spent was unexpired, so before the family's last expiry.
   */
  async revokeFamily(familyId: string): Promise<void> {
    const member = await this.collections.refreshTokens.findOne({ familyId }, { projection: { purgeAt: 1 } });
    if (!member) return;
    await this.collections.revokedRefreshFamilies.updateOne({ _id: familyId }, { $max: { purgeAt: member.purgeAt } }, { upsert: true });
    await this.collections.refreshTokens.updateMany({ familyId }, { $set: { revoked: true } });
  }

  async revokeFamilyOf(tokenHash: string): Promise<boolean> {
    const doc = await this.collections.refreshTokens.findOne({ _id: tokenHash }, { projection: { familyId: 1 } });
    if (!doc) return false;
    await this.revokeFamily(doc.familyId);
    return true;
  }
}
