import type { Principal, PrincipalClaims } from './principal';

/** Issues and verifies /api access tokens (JWTs in the HTTP adapter). */
export interface AccessTokens {
  issue(principal: PrincipalClaims): { readonly token: string; readonly expiresIn: number };
  /** The principal a token proves, or null for every failure shape (absent, malformed, bad
   * signature, `alg: none`, expired, wrong audience or type, an elements token...). */
  verify(token: string): Principal | null;
}
