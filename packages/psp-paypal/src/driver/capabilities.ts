import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';

/**
 * The currencies PayPal's REST API takes for payments (its currency codes page). BRL, CNY, INR and
 * MYR are taken for in-country accounts only: PayPal itself refuses them for other accounts, at the
 * order's creation.
 */
export const PAYPAL_CURRENCIES: readonly string[] = [
  'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'INR',
  'JPY', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'SEK', 'SGD', 'THB', 'TWD', 'USD',
];

/**
 * PayPal wallet payments: a plain hold (the order's authorization, all or nothing; captured once as
 * its final capture, voided, refunded in slices, its order's status queried, and a capture or refund
 * answered PENDING looked up), the payer approving at PayPal (redirect), in PayPal's currencies only.
 */
export const PAYPAL_CAPABILITIES: DriverCapabilities = { ...PLAIN_HOLD_CAPABILITIES, redirect: true, followUpLookup: true, currencies: PAYPAL_CURRENCIES };
