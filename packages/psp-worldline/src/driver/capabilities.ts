import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';
import { ancvFlow } from '../settings/product-flow';
import { ANCV_PRODUCTS, DEFAULT_ANCV_PRODUCT } from '../settings/worldline.settings';

/** Worldline takes Wero (900) and Chèque-Vacances Connect (5403, 5412) in euros only. */
const EUR_ONLY = ['EUR'] as const;

/** Wero (product 900) as a hold the payer approves in the Wero app: captured, voided or refunded in part or in full. */
export const WORLDLINE_WERO_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  operation: 'authorization',
  currencies: EUR_ONLY,
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  followUpLookup: true,
  redirect: true,
};

/** Wero as a direct payment (contract setting `operation: payment`): taken at once, handed back by refunds only. */
export const WORLDLINE_WERO_PAYMENT_CAPABILITIES: DriverCapabilities = {
  ...WORLDLINE_WERO_CAPABILITIES,
  operation: 'payment',
  void: false,
};

/**
 * ANCV Chèque-Vacances Connect on 5412 (acquired by ANCV): a direct sale the payer validates in the ANCV
 * app, for the amount asked or less (a chosen partial). Refunds: Worldline refuses those the voucher
 * contract does not allow; a slice only when the merchant's contract says `partialRefunds`.
 */
export const WORLDLINE_ANCV_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  operation: 'payment',
  currencies: EUR_ONLY,
  payerChosenPartial: true,
  void: false,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  followUpLookup: true,
  redirect: true,
};

/**
 * ANCV on 5403 (acquired by Thunes): Worldline refunds only a remainder paid by card there, and our
 * hosted checkout takes vouchers only (`completeRemainingPaymentAmount: false`), so nothing it takes can
 * be handed back: the method pays the whole remaining balance and its sale is never refunded (D143).
 */
export const WORLDLINE_ANCV_5403_CAPABILITIES: DriverCapabilities = {
  ...WORLDLINE_ANCV_CAPABILITIES,
  refund: false,
  partialRefund: false,
};

/**
 * What a method does under a contract's settings: Wero's `operation` chooses a hold or a direct
 * payment; ANCV records the contract's product as its flow, which the session's calls then follow.
 */
export function worldlineCapabilities(method: 'wero' | 'ancv', settings: Readonly<Record<string, unknown>>): DriverCapabilities {
  if (method === 'ancv') {
    const product = ANCV_PRODUCTS.find((p) => p === (settings.ancvProductId ?? DEFAULT_ANCV_PRODUCT));
    if (!product) return WORLDLINE_ANCV_CAPABILITIES;
    return { ...(product === 5403 ? WORLDLINE_ANCV_5403_CAPABILITIES : WORLDLINE_ANCV_CAPABILITIES), flow: ancvFlow(product) };
  }
  return settings.operation === 'payment' ? WORLDLINE_WERO_PAYMENT_CAPABILITIES : WORLDLINE_WERO_CAPABILITIES;
}
