import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';

/** Wero (product 900) as a hold the payer approves in the Wero app: captured, voided or refunded in part or in full. */
export const WORLDLINE_WERO_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  operation: 'authorization',
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  redirect: true,
};

/** Wero as a direct payment (contract setting `operation: payment`): taken at once, handed back by refunds only. */
export const WORLDLINE_WERO_PAYMENT_CAPABILITIES: DriverCapabilities = {
  ...WORLDLINE_WERO_CAPABILITIES,
  operation: 'payment',
  void: false,
};

/**
 * ANCV Chèque-Vacances Connect: a direct sale the payer validates in the ANCV app, for the amount asked
 * or less (a chosen partial). Refunds: Worldline refuses those the voucher contract does not allow; a
 * slice only when the merchant's contract says `partialRefunds`.
 */
export const WORLDLINE_ANCV_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  operation: 'payment',
  payerChosenPartial: true,
  void: false,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  redirect: true,
};

/** What a method does under a contract's settings: Wero's `operation` chooses a hold or a direct payment. */
export function worldlineCapabilities(method: 'wero' | 'ancv', settings: Readonly<Record<string, unknown>>): DriverCapabilities {
  if (method === 'ancv') return WORLDLINE_ANCV_CAPABILITIES;
  return settings.operation === 'payment' ? WORLDLINE_WERO_PAYMENT_CAPABILITIES : WORLDLINE_WERO_CAPABILITIES;
}
