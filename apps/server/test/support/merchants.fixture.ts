import { writeTempMerchantsFile } from './temp-merchants-file';

/** A merchant of the test fixture: its client credentials. */
export interface TestMerchant {
  readonly merchantId: string;
  readonly secret: string;
}

export const SHOP: TestMerchant = { merchantId: 'shop', secret: 'shop-client-secret' };

export const ONEY_PLANS = [
  { installments: 3, withFees: false, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 },
  { installments: 4, withFees: true, feeRate: 0.022, apr: 0.0949, minAmount: 10_000, maxAmount: 300_000 },
];

/** One merchant with a contract for every method on the fake provider (partial authorization on cards). */
export function paymentMerchants(): object {
  return {
    merchants: [
      {
        merchantId: SHOP.merchantId,
        secret: SHOP.secret,
        webhookAuthorization: 'Bearer shop-webhook',
        contracts: [
          { method: 'card', provider: 'fake', partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
          { method: 'applepay', provider: 'fake', partialRefunds: true },
          { method: 'paypal', provider: 'fake', partialRefunds: true },
          { method: 'wero', provider: 'fake', partialRefunds: true },
          { method: 'ancv', provider: 'fake', partialRefunds: false },
          { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
        ],
        contacts: [],
      },
    ],
  };
}

export const writeMerchantsFile = (content: object): Promise<string> => writeTempMerchantsFile(content);
