import type { AuthorizationCodeRepository, Clock, MerchantAccountRepository, PasswordHasher, TokenMinter } from '@splitpay/domain';
import { normalizeEmail } from './contact-email';
import { DecoyHash } from './decoy-hash';

/** A dashboard authorization code lives one minute (docs/decisions.md D14). */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

export interface ContactLoginDeps {
  readonly merchants: MerchantAccountRepository;
  readonly hasher: PasswordHasher;
  readonly minter: TokenMinter;
  readonly codes: AuthorizationCodeRepository;
  readonly clock: Clock;
}

/** A validated authorization request: the client, its exact redirect URI and the PKCE S256 challenge. */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
}

export type ContactLoginResult =
  | { readonly kind: 'authorized'; readonly code: string }
  /** Unknown email and wrong password are one outcome: the form never says which part was wrong. */
  | { readonly kind: 'refused' };

/**
 * The dashboard's login step: checks a contact's email and password (the slow hash, also for an
 * unknown email) and answers a single-use authorization code, stored by digest only.
 */
export class ContactLogin {
  private readonly decoy: DecoyHash;

  constructor(private readonly deps: ContactLoginDeps) {
    this.decoy = new DecoyHash(deps.hasher);
  }

  async login(
    credentials: { readonly email: string; readonly password: string },
    request: AuthorizationRequest,
  ): Promise<ContactLoginResult> {
    const email = normalizeEmail(credentials.email);
    const account = email ? await this.deps.merchants.findByContactEmail(email) : null;
    const contact = account?.contacts.find((c) => normalizeEmail(c.email) === email);
    const valid = contact ? await this.deps.hasher.verify(credentials.password, contact.passwordHash) : await this.decoy.burn(credentials.password);
    if (!account || !contact || !valid) return { kind: 'refused' };

    const code = this.deps.minter.newOpaqueToken();
    await this.deps.codes.insert({
      codeHash: this.deps.minter.digest(code),
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      merchantId: account.merchantId,
      email,
      role: contact.role,
      expiresAt: this.deps.clock.now() + AUTHORIZATION_CODE_TTL_MS,
    });
    return { kind: 'authorized', code };
  }
}
