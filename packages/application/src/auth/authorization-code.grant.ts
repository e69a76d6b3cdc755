import type {
  AuthorizationCodeRepository,
  Clock,
  IdGenerator,
  Logger,
  MerchantAccountRepository,
  RefreshTokenRecord,
  RefreshTokenRepository,
  TokenMinter,
} from '@splitpay/domain';
import type { AccessTokens } from './access-tokens.port';
import { contactTokens, currentContact, INVALID_GRANT, mintRefreshToken, type DashboardGrantResult } from './dashboard-grant';
import { CODE_VERIFIER_PATTERN, type PkceS256 } from './pkce.port';

export interface AuthorizationCodeGrantDeps {
  readonly codes: AuthorizationCodeRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly merchants: MerchantAccountRepository;
  readonly tokens: AccessTokens;
  readonly minter: TokenMinter;
  readonly pkce: PkceS256;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /** Lifetime of each refresh token, renewed by every rotation. */
  readonly refreshTokenTtlMs: number;
}

export interface AuthorizationCodeExchange {
  readonly code: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly clientId: string;
}

/**
 * The digest under which an exchanged code is remembered in the refresh token family it opened:
 * domain-separated from the code's own digest and from any refresh token's.
 */
function spentCodeHash(minter: TokenMinter, code: string): string {
  return minter.digest(`authorization_code:${code}`);
}

const neverRotates = (): RefreshTokenRecord => {
  throw new Error('a spent authorization code is never rotated');
};

/**
 * The dashboard's code exchange: the code is taken out of the store first (so it is single-use even
 * when the rest fails), then its lifetime, client, exact redirect URI and PKCE verifier are checked.
 * Success opens a new refresh token family, whose first member is the spent code itself: a code
 * presented again after it was exchanged revokes that family (RFC 6749 section 4.1.2), even while
 * this exchange is still storing it (then answered invalid_grant).
 */
export class AuthorizationCodeGrant {
  constructor(private readonly deps: AuthorizationCodeGrantDeps) {}

  async exchange(input: AuthorizationCodeExchange): Promise<DashboardGrantResult> {
    const { deps } = this;
    const record = await deps.codes.consume(deps.minter.digest(input.code));
    if (!record) {
      await this.revokeFamilyOf(input.code);
      return INVALID_GRANT;
    }
    const now = deps.clock.now();
    const verifierMatches = CODE_VERIFIER_PATTERN.test(input.codeVerifier) && deps.pkce.challengeOf(input.codeVerifier) === record.codeChallenge;
    if (record.expiresAt <= now || record.clientId !== input.clientId || record.redirectUri !== input.redirectUri || !verifierMatches) {
      return INVALID_GRANT;
    }
    const contact = await currentContact(deps.merchants, record.merchantId, record.email);
    if (!contact) return INVALID_GRANT;

    const family = { familyId: deps.ids.newId(), merchantId: record.merchantId, email: record.email, role: contact.role, expiresAt: now + deps.refreshTokenTtlMs };
    // The spent code first: a replay racing this exchange can then only miss a family not yet opened.
    await deps.refreshTokens.insert({ ...family, tokenHash: spentCodeHash(deps.minter, input.code), usedAt: now });
    const refresh = mintRefreshToken(deps.minter);
    // A replay of the code revoking the family between the two inserts: the token is stored revoked.
    if ((await deps.refreshTokens.insert({ ...family, tokenHash: refresh.tokenHash })) === 'revoked') return INVALID_GRANT;
    return contactTokens(deps, { merchantId: record.merchantId, email: record.email, role: contact.role }, refresh.token);
  }

  /** A code that is no longer in the store: when it was exchanged, the tokens issued from it are revoked. */
  private async revokeFamilyOf(code: string): Promise<void> {
    const { deps } = this;
    const spent = await deps.refreshTokens.rotate(spentCodeHash(deps.minter, code), neverRotates, deps.clock.now());
    if (spent.kind !== 'replayed') return;
    await deps.refreshTokens.revokeFamily(spent.familyId);
    deps.logger.warn('oauth.authorization_code_replayed', { familyId: spent.familyId });
  }
}
