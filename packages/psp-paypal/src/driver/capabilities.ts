import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';

/**
 * PayPal wallet payments: a plain hold (the order's authorization, all or nothing; captured once as
 * its final capture, voided, refunded in slices, its order's status queried, and a capture or refund
 * answered PENDING looked up), the payer approving at PayPal (redirect).
 */
export const PAYPAL_CAPABILITIES: DriverCapabilities = { ...PLAIN_HOLD_CAPABILITIES, redirect: true, followUpLookup: true };
