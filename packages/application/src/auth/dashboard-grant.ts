import {
  merchantId as toMerchantId,
  type Contact,
  type ContactRole,
  type MerchantAccountRepository,
  type MerchantId,
  type TokenMinter,
} from '@splitpay/domain';
import type { AccessTokens } from './access-tokens.port';
import { normalizeEmail } from './contact-email';

/** What both dashboard grants (authorization_code, refresh_token) answer. */
export type DashboardGrantResult =
  | { readonly kind: 'issued'; readonly accessToken: string; readonly expiresIn: number; readonly refreshToken: string }
  /** Every bad code, verifier, redirect URI or refresh token: one uniform outcome. */
  | { readonly kind: 'invalid_grant' };

export const INVALID_GRANT: DashboardGrantResult = { kind: 'invalid_grant' };

/**
 * The contact as the merchant account holds it now, or null when the account or the contact is gone:
 * a removed contact can no longer refresh, and a changed role applies to the next access token.
 */
export async function currentContact(
  merchants: MerchantAccountRepository,
  merchantId: MerchantId | string,
  email: string,
): Promise<Contact | null> {
  const account = await merchants.findById(toMerchantId(merchantId));
  const wanted = normalizeEmail(email);
  return account?.contacts.find((c) => normalizeEmail(c.email) === wanted) ?? null;
}

/** A contact access token plus the refresh token minted beside it. */
export function contactTokens(
  deps: { readonly tokens: AccessTokens },
  who: { readonly merchantId: MerchantId; readonly email: string; readonly role: ContactRole },
  refreshToken: string,
): DashboardGrantResult {
  const { token, expiresIn } = deps.tokens.issue({
    kind: 'contact',
    merchantId: who.merchantId,
    contact: { email: normalizeEmail(who.email), role: who.role },
  });
  return { kind: 'issued', accessToken: token, expiresIn, refreshToken };
}

/** A new refresh token and the digest it is stored under. */
export function mintRefreshToken(minter: TokenMinter): { readonly token: string; readonly tokenHash: string } {
  const token = minter.newOpaqueToken();
  return { token, tokenHash: minter.digest(token) };
}
