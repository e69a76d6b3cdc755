import type {
  AuthorizationCodeRepository,
  Clock,
  IdGenerator,
  MerchantAccountRepository,
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
 * The dashboard's code exchange: the code is taken out of the store first (so it is single-use even
 * when the rest fails), then its lifetime, client, exact redirect URI and PKCE verifier are checked.
 * Success opens a new refresh token family.
 */
export class AuthorizationCodeGrant {
  constructor(private readonly deps: AuthorizationCodeGrantDeps) {}

  async exchange(input: AuthorizationCodeExchange): Promise<DashboardGrantResult> {
    const { deps } = this;
    const record = await deps.codes.consume(deps.minter.digest(input.code));
    if (!record) return INVALID_GRANT;
    const now = deps.clock.now();
    const verifierMatches = CODE_VERIFIER_PATTERN.test(input.codeVerifier) && deps.pkce.challengeOf(input.codeVerifier) === record.codeChallenge;
    if (record.expiresAt <= now || record.clientId !== input.clientId || record.redirectUri !== input.redirectUri || !verifierMatches) {
      return INVALID_GRANT;
    }
    const contact = await currentContact(deps.merchants, record.merchantId, record.email);
    if (!contact) return INVALID_GRANT;

    const refresh = mintRefreshToken(deps.minter);
    await deps.refreshTokens.insert({
      tokenHash: refresh.tokenHash,
      familyId: deps.ids.newId(),
      merchantId: record.merchantId,
      email: record.email,
      role: contact.role,
      expiresAt: now + deps.refreshTokenTtlMs,
    });
    return contactTokens(deps, { merchantId: record.merchantId, email: record.email, role: contact.role }, refresh.token);
  }
}
