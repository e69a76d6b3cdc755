import type { Logger, RefreshTokenRepository, TokenMinter } from '@splitpay/domain';

export interface RefreshTokenRevocationDeps {
  readonly refreshTokens: RefreshTokenRepository;
  readonly minter: Pick<TokenMinter, 'digest'>;
  readonly logger: Logger;
}

/**
 * Sign-out (RFC 7009): the refresh token presented, and its whole family (the newest member
 * included), can no longer be exchanged. An unknown or already revoked token changes nothing, and the
 * caller is not told which it was.
 */
export class RefreshTokenRevocation {
  constructor(private readonly deps: RefreshTokenRevocationDeps) {}

  /** `found`: whether a stored refresh token was named (the door answers alike either way). */
  async revoke(input: { readonly refreshToken: string }): Promise<{ readonly found: boolean }> {
    const found = await this.deps.refreshTokens.revokeFamilyOf(this.deps.minter.digest(input.refreshToken));
    this.deps.logger.info('oauth.refresh_token_revoked', { found });
    return { found };
  }
}
