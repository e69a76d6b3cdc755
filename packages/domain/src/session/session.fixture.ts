import type { MerchantId, SessionId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { currencyCode } from '../money/currency';
import { money, zero } from '../money/money';
import type { PspFact } from '../psp/psp-fact';
import { CARD_CAPS, HOLD_CAPS } from '../testing';
import { DEFAULT_POLICY, type DomainContext, type DomainPolicy } from './domain-context';
import type { Session } from './session.model';

/** Test data for the session aggregate: offers, a PENDING session, a clock-and-ids context, facts. */
export const EUR = currencyCode('EUR');
export const T0 = 1_700_000_000_000;
export const TTL = 15 * 60_000;

export const TEST_POLICY: DomainPolicy = { ...DEFAULT_POLICY, dispatchRetryDelaysMs: [1_000, 5_000] };

/** A card hold whose issuer may grant less (mandated partial). */
export const card: MethodOffer = { id: 'card', method: 'card', provider: 'fake', capabilities: CARD_CAPS, partialRefunds: true, partialAuth: true };
/** A card hold without partial authorization: a lower grant is refused. */
export const strictCard: MethodOffer = { ...card, id: 'strict-card', partialAuth: false };
/** A redirect wallet hold that cannot register an alias. */
export const paypal: MethodOffer = {
  id: 'paypal',
  method: 'paypal',
  provider: 'fake',
  capabilities: { ...HOLD_CAPS, redirect: true },
  partialRefunds: true,
};
/** Vouchers: a direct payment the payer may lower, refundable in full. */
export const ancv: MethodOffer = {
  id: 'ancv',
  method: 'ancv',
  provider: 'fake',
  capabilities: { ...HOLD_CAPS, operation: 'payment', payerChosenPartial: true, void: false, partialRefund: false },
  partialRefunds: false,
  range: { min: 20, max: 100_000 },
};
/** A direct payment nothing can hand back (no refund, no void): it must settle the remaining balance. */
export const sealedVoucher: MethodOffer = {
  ...ancv,
  id: 'sealed',
  capabilities: { ...ancv.capabilities, refund: false, void: false },
  range: undefined,
};
/** Financing: a lender studies the file. */
export const oney: MethodOffer = {
  id: 'oney',
  method: 'oney',
  provider: 'fake',
  capabilities: { ...HOLD_CAPS, financing: true, redirect: true },
  partialRefunds: true,
  plans: [
    { installments: 3, withFees: false, minAmount: 100, maxAmount: 300_000 },
    { installments: 4, withFees: true, minAmount: 5_000, maxAmount: 300_000 },
  ],
};

/** Financing whose PSP answers no status query: the lender's verdict is only pushed (not in ALL_OFFERS). */
export const pushedOney: MethodOffer = { ...oney, id: 'pushed-oney', capabilities: { ...oney.capabilities, statusLookup: false } };

export const ALL_OFFERS: readonly MethodOffer[] = [card, strictCard, paypal, ancv, sealedVoucher, oney];

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    id: '0190a000-0000-7000-8000-00000000aaaa' as SessionId,
    merchantId: 'demo' as MerchantId,
    orderId: 'order-1',
    status: 'PENDING',
    total: money(10_000, EUR),
    captured: zero(EUR),
    createdAt: T0,
    updatedAt: T0,
    expiresAt: T0 + TTL,
    version: 1,
    methods: ALL_OFFERS,
    attempts: [],
    elementsTokenHash: 'hash',
    notification: { url: 'https://merchant.example/hook' },
    // The way back a method that sends the payer to its PSP needs (pass `returnUrl: undefined` to go without).
    returnUrl: 'https://merchant.example/back',
    ...overrides,
  };
}

/** A context whose ids are lowercase UUID v7 shaped and deterministic. */
export function ctxAt(now: number, policy: DomainPolicy = TEST_POLICY): DomainContext {
  let n = 0;
  return {
    now,
    policy,
    newId: () => {
      n += 1;
      return `0190a000-0000-7000-8000-${(now % 1e6).toString(16).padStart(6, '0')}${n.toString(16).padStart(6, '0')}`;
    },
  };
}

export const ref = (transactionId: string) => ({ transactionId });

export function authorized(transactionId: string, amount: number, extra: Partial<Extract<PspFact, { kind: 'authorized' }>> = {}): PspFact {
  return { kind: 'authorized', ref: ref(transactionId), granted: money(amount, EUR), ...extra };
}
export const declined = (transactionId: string): PspFact => ({ kind: 'declined', ref: ref(transactionId), category: 'insufficient-funds' });
export const cancelledByPayer = (transactionId: string): PspFact => ({ kind: 'cancelled-by-payer', ref: ref(transactionId) });
export const lenderPending = (transactionId: string): PspFact => ({ kind: 'lender-pending', ref: ref(transactionId) });
export const captured = (transactionId: string, success = true): PspFact => ({ kind: 'captured', ref: ref(transactionId), success });
export const voided = (transactionId: string, success = true): PspFact => ({ kind: 'voided', ref: ref(transactionId), success });
export const refunded = (transactionId: string, success = true): PspFact => ({ kind: 'refunded', ref: ref(transactionId), success });
