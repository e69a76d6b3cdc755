import type { ContactRole, MerchantId } from '@splitpay/domain';

/**
 * Who called /api, as proven by the access token: a merchant server (client_credentials) or a human
 * contact of the dashboard. The merchant id always comes from here, never from a request body.
 */
export type Principal =
  | { readonly kind: 'client'; readonly merchantId: MerchantId; readonly expiresAt: number }
  | {
      readonly kind: 'contact';
      readonly merchantId: MerchantId;
      readonly contact: { readonly email: string; readonly role: ContactRole };
      readonly expiresAt: number;
    };

/** What an access token is issued for: a principal without its expiry (distributes over the kinds). */
export type PrincipalClaims = { [K in Principal['kind']]: Omit<Extract<Principal, { kind: K }>, 'expiresAt'> }[Principal['kind']];
