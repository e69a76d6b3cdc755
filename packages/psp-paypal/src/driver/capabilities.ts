import type { DriverCapabilities } from '@splitpay/domain';

/**
 * PayPal wallet payments: the payer approves at PayPal (redirect), we authorize the order (a hold,
 * all or nothing), capture it once (final capture), void it, refund a capture in slices; an order's
 * status can be queried.
 */
export const PAYPAL_CAPABILITIES: DriverCapabilities = {
  operation: 'authorization',
  partialAuthorization: false,
  payerChosenPartial: false,
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  aliasRegistration: false,
  threeDSecure: false,
  confirm: false,
  financing: false,
  redirect: true,
};
