import { assertUnreachable, type Clock, type Logger, type MerchantAccountRepository, type RefreshTokenRepository, type TokenMinter } from '@splitpay/domain';
import type { AccessTokens } from './access-tokens.port';
import { contactTokens, currentContact, INVALID_GRANT, mintRefreshToken, type DashboardGrantResult } from './dashboard-grant';

export interface RefreshTokenGrantDeps {
  readonly refreshTokens: RefreshTokenRepository;
  readonly merchants: MerchantAccountRepository;
  readonly tokens: AccessTokens;
  readonly minter: TokenMinter;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Lifetime of each refresh token, renewed by every rotation. */
  readonly refreshTokenTtlMs: number;
}

/**
 * Refresh token rotation: every use answers a new refresh token of the same family and spends the
 * old one. A spent token presented again means it leaked (or raced): the whole family is revoked,
 * the newest member included, and the contact logs in again.
 */
export class RefreshTokenGrant {
  constructor(private readonly deps: RefreshTokenGrantDeps) {}

  async exchange(input: { readonly refreshToken: string }): Promise<DashboardGrantResult> {
    const { deps } = this;
    const now = deps.clock.now();
    const next = mintRefreshToken(deps.minter);
    const rotation = await deps.refreshTokens.rotate(
      deps.minter.digest(input.refreshToken),
      (previous) => ({
        tokenHash: next.tokenHash,
        familyId: previous.familyId,
        merchantId: previous.merchantId,
        email: previous.email,
        role: previous.role,
        expiresAt: now + deps.refreshTokenTtlMs,
      }),
      now,
    );
    switch (rotation.kind) {
      case 'unknown':
        return INVALID_GRANT;
      case 'replayed':
        await deps.refreshTokens.revokeFamily(rotation.familyId);
        deps.logger.warn('oauth.refresh_token_replayed', { familyId: rotation.familyId });
        return INVALID_GRANT;
      case 'rotated': {
        const { previous } = rotation;
        const contact = previous.expiresAt > now ? await currentContact(deps.merchants, previous.merchantId, previous.email) : null;
        if (!contact) {
          // Expired, or the contact was removed: the successor just stored must not live on either.
          await deps.refreshTokens.revokeFamily(previous.familyId);
          return INVALID_GRANT;
        }
        return contactTokens(deps, { merchantId: previous.merchantId, email: previous.email, role: contact.role }, next.token);
      }
      default:
        return assertUnreachable(rotation, 'refresh rotation');
    }
  }
}
