import { DomainError } from '../errors/domain-error';
import type { ErrorCode } from '../errors/error-codes';
import type { MerchantId } from '../ids/ids';
import type { Contract } from '../merchant/merchant-account.model';
import { CARD_CAPS, catalog, FINANCING_CAPS, WALLET_CAPS } from '../testing';
import { createSession, type CreationContext } from './create-session';
import type { SessionRequest } from './session-request.model';

/** Test fixtures of session creation: a catalog of drivers, an account, a context, a request and the refusal of one. */
export const DEFAULT_CATALOG = catalog({
  fake: { card: CARD_CAPS, applepay: WALLET_CAPS, paypal: WALLET_CAPS, wero: WALLET_CAPS, ancv: { ...WALLET_CAPS, operation: 'payment', partialRefund: false }, oney: FINANCING_CAPS },
  adyen: { card: { ...CARD_CAPS, cardIntegration: 'acquirer-hosted' }, applepay: WALLET_CAPS },
});

export const ONEY_PLANS = [
  { installments: 3, withFees: false, feeRate: 0, apr: 0 },
  { installments: 4, withFees: true, feeRate: 0.022, apr: 0.0949 },
];

export const CONTRACTS: readonly Contract[] = [
  { method: 'card', provider: 'fake', partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
  { method: 'paypal', provider: 'fake', partialRefunds: true },
  { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
];

export function context(overrides: Partial<CreationContext> = {}): CreationContext {
  let n = 0;
  return {
    now: 1_700_000_000_000,
    newId: () => `0190c0de-0000-7000-8000-${String(++n).padStart(12, '0')}`,
    account: { merchantId: 'm1' as MerchantId, contracts: CONTRACTS, notificationUrl: 'https://merchant.example/hooks', webhookAuthorizationSealed: 'sealed:webhook-authorization' },
    psps: DEFAULT_CATALOG,
    defaultTtlMs: 15 * 60_000,
    elementsTokenHash: 'ab'.repeat(32),
    ...overrides,
  };
}

/** The default context with the account's contracts replaced (and the drivers' catalog, if given). */
export const withContracts = (contracts: readonly Contract[], psps = DEFAULT_CATALOG): CreationContext =>
  context({ account: { ...context().account, contracts }, psps });

/** The code and message createSession refused `req` with; anything else it threw is thrown again, and no refusal fails the test. */
export function refusal(req: SessionRequest, ctx: CreationContext = context()): { code: ErrorCode; message: string } {
  try {
    createSession(req, ctx);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('createSession did not refuse');
}

/** A request with a returnUrl, as a method that sends the payer to its PSP needs (pass `returnUrl: undefined` to go without). */
export function request(overrides: Partial<SessionRequest> = {}): SessionRequest {
  return { currency: 'EUR', total: 10_000, orderId: 'order-1', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back', ...overrides };
}

export const FULL_DETAIL = {
  itemId: 'sku-1',
  category: 'electronics',
  brand: 'Acme',
  discount: 0,
  tax: 1_667,
  delivery: { type: 'carrier', speed: 'standard', expectedDate: '2030-01-10', expectedDelay: 3, label: 'Colissimo' },
} as const;

export const FINANCING_FILE: Partial<SessionRequest> = {
  cartItems: [{ label: 'TV', quantity: 1, amount: { amount: 10_000, currency: 'EUR' }, detail: FULL_DETAIL }],
  billing: { firstName: 'Ada', lastName: 'Lovelace', address: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never },
  customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};
