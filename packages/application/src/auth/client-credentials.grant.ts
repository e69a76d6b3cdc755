import { merchantId, type MerchantAccountRepository, type PasswordHasher } from '@splitpay/domain';
import type { AccessTokens } from './access-tokens.port';
import { DASHBOARD_CLIENT_ID } from './dashboard-client';
import { DecoyHash } from './decoy-hash';

export interface ClientCredentialsGrantDeps {
  readonly merchants: MerchantAccountRepository;
  readonly hasher: PasswordHasher;
  readonly tokens: AccessTokens;
}

export type ClientCredentialsResult =
  | { readonly kind: 'issued'; readonly accessToken: string; readonly expiresIn: number }
  /** Unknown client and wrong secret are one outcome (the contract, POST /oauth/token). */
  | { readonly kind: 'invalid_client' };

/**
 * The merchant server's grant: its merchant id and secret for a client access token. No refresh
 * token: the client authenticates again when the token lapses.
 */
export class ClientCredentialsGrant {
  private readonly decoy: DecoyHash;

  constructor(private readonly deps: ClientCredentialsGrantDeps) {
    this.decoy = new DecoyHash(deps.hasher);
  }

  async exchange(input: { readonly clientId: string; readonly clientSecret: string }): Promise<ClientCredentialsResult> {
    const account = input.clientId === DASHBOARD_CLIENT_ID ? null : await this.deps.merchants.findById(merchantId(input.clientId));
    const valid = account ? await this.deps.hasher.verify(input.clientSecret, account.secretHash) : await this.decoy.burn(input.clientSecret);
    if (!account || !valid) return { kind: 'invalid_client' };
    const { token, expiresIn } = this.deps.tokens.issue({ kind: 'client', merchantId: account.merchantId });
    return { kind: 'issued', accessToken: token, expiresIn };
  }
}
