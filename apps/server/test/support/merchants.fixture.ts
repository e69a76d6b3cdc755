import { randomBytes } from 'node:crypto';
import { writeTempMerchantsFile } from './temp-merchants-file';

/**
 * The one set of test merchants. Each merchant's credentials are constants; each file below is a
 * merchants file (MERCHANTS_FILE) composed from them for one area of tests.
 */

/** A merchant of the test fixture: its client credentials. */
export interface TestMerchant {
  readonly merchantId: string;
  readonly secret: string;
}

/** A dashboard contact of a test merchant. */
export interface TestContact {
  readonly email: string;
  readonly password: string;
}

/** The demo merchant of `npm start` (its client), as the demo service's merchants file gives it. */
export const DEMO: TestMerchant = { merchantId: 'demo', secret: 'demo-secret' };

export const SHOP: TestMerchant = { merchantId: 'shop', secret: 'shop-client-secret' };
export const SHOP_ADMIN: TestContact = { email: 'admin@shop.test', password: 'shop-admin-password' };
/** Another merchant, to check that one merchant never reaches another's data. */
export const RIVAL: TestMerchant = { merchantId: 'rival', secret: 'rival-client-secret' };
export const RIVAL_ADMIN: TestContact = { email: 'ops@rival.test', password: 'rival-admin-password' };

/** The merchant of the auth and merchant API tests (its secret needs form encoding). */
export const ACME = {
  merchantId: 'acme',
  secret: 'acme client secret:1%',
  admin: { email: 'admin@acme.test', password: 'acme-admin-password' },
  member: { email: 'member@acme.test', password: 'acme-member-password' },
} as const;
export const GLOBEX = { merchantId: 'globex', secret: 'globex-client-secret', admin: { email: 'admin@globex.test', password: 'globex-admin-password' } } as const;

/** A second acquirer the platform may carry (card and applepay), so provider choice can be ambiguous. */
export const SECOND_ACQUIRER = 'acquirer-b';

export const ONEY_PLANS = [
  { installments: 3, withFees: false, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 },
  { installments: 4, withFees: true, feeRate: 0.022, apr: 0.0949, minAmount: 10_000, maxAmount: 300_000 },
];

type Entry = Record<string, unknown>;
const card = (extra: Entry = {}): Entry => ({ method: 'card', provider: 'fake', ...extra });
const admin = (who: TestContact): Entry => ({ email: who.email, password: who.password, role: 'admin' });

/** One merchants-file entry: credentials, the pre-agreed webhook authorization, contracts, contacts and any other field. */
export function merchantEntry(merchant: TestMerchant, contracts: readonly Entry[], contacts: readonly Entry[] = [], extra: Entry = {}): Entry {
  return { merchantId: merchant.merchantId, secret: merchant.secret, webhookAuthorization: `Bearer ${merchant.merchantId}-webhook`, ...extra, contracts, contacts };
}

/** SHOP alone, with a contract for every method on the fake provider (partial authorization on cards). */
export function paymentMerchants(): object {
  return {
    merchants: [
      merchantEntry(
        SHOP,
        [
          card({ partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] }),
          { method: 'applepay', provider: 'fake', partialRefunds: true },
          { method: 'paypal', provider: 'fake', partialRefunds: true },
          { method: 'wero', provider: 'fake', partialRefunds: true },
          { method: 'ancv', provider: 'fake', partialRefunds: false },
          { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
        ],
        [],
        { webhookAuthorization: 'Bearer shop-webhook' },
      ),
    ],
  };
}

/**
 * ACME (admin and member contacts, contracts with filters and on the second acquirer) and GLOBEX:
 * the auth and merchant API tests. Boot with the second acquirer among `extraProviders`.
 */
export function accountMerchants(options: { readonly withoutAcmeMember?: boolean } = {}): object {
  return {
    merchants: [
      merchantEntry(
        ACME,
        [
          card({ partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] }),
          { method: 'applepay', provider: 'fake' },
          { method: 'applepay', provider: SECOND_ACQUIRER },
          { method: 'paypal', provider: 'fake', countries: ['FR', 'BE'] },
          { method: 'wero', provider: 'fake', channels: ['web'] },
          { method: 'ancv', provider: 'fake' },
          { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
        ],
        [
          // Stored and matched case-insensitively.
          { email: 'Admin@Acme.test', password: ACME.admin.password, role: 'admin' },
          ...(options.withoutAcmeMember ? [] : [{ email: ACME.member.email, password: ACME.member.password, role: 'member' }]),
        ],
        { notificationUrl: 'https://acme.example.test/hooks', webhookAuthorization: 'Bearer acme-webhook-authorization' },
      ),
      merchantEntry(GLOBEX, [card()], [admin(GLOBEX.admin)]),
    ],
  };
}

/** SHOP (with an admin contact) and RIVAL: the refund tests. */
export function refundMerchants(): object {
  return {
    merchants: [
      merchantEntry(
        SHOP,
        [
          card({ partialRefunds: true }),
          { method: 'paypal', provider: 'fake', partialRefunds: false },
          { method: 'ancv', provider: 'fake', partialRefunds: false },
          { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
        ],
        [admin(SHOP_ADMIN)],
        { webhookAuthorization: 'Bearer shop-webhook' },
      ),
      merchantEntry(RIVAL, [card()]),
    ],
  };
}

/** SHOP's pre-agreed webhook Authorization value (two spaces and symbols: sent exactly as written). */
export const WEBHOOK_AUTHORIZATION = 'Bearer  shop-pre-agreed:Webhook/Value==';
/** SHOP's Standard Webhooks signing secret. */
export const SIGNING_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

/** SHOP (signed webhooks, an optional chargeback address) and RIVAL, both with an admin contact: the webhook tests. */
export function webhookMerchants(addresses: { readonly chargebackUrl?: string } = {}): object {
  const contract = card({ partialRefunds: true });
  const shop = { webhookAuthorization: WEBHOOK_AUTHORIZATION, webhookSigningSecret: SIGNING_SECRET, ...(addresses.chargebackUrl ? { chargebackUrl: addresses.chargebackUrl } : {}) };
  return {
    merchants: [merchantEntry(SHOP, [contract], [admin(SHOP_ADMIN)], shop), merchantEntry(RIVAL, [contract], [admin(RIVAL_ADMIN)], { webhookAuthorization: 'Bearer rival' })],
  };
}

export const writeMerchantsFile = (content: object): Promise<string> => writeTempMerchantsFile(content);
