import type { DriverCapabilities } from '@splitpay/domain';

/** Adyen card: a hold, partial authorisation (when the account has it), stored cards, 3-D Secure by redirect. */
export const ADYEN_CARD_CAPABILITIES: DriverCapabilities = {
  operation: 'authorization',
  partialAuthorization: true,
  payerChosenPartial: false,
  void: true,
  refund: true,
  partialRefund: true,
  // The Checkout API has no status query for /payments: an overdue verdict waits for the webhook.
  statusLookup: false,
  aliasRegistration: true,
  threeDSecure: true,
  confirm: false,
  financing: false,
  redirect: false,
  cardIntegration: 'acquirer-hosted',
};

/** Adyen Apple Pay: a hold opened by the sheet's token (confirm), after the page's merchant validation. */
export const ADYEN_APPLEPAY_CAPABILITIES: DriverCapabilities = {
  ...ADYEN_CARD_CAPABILITIES,
  partialAuthorization: false,
  aliasRegistration: false,
  threeDSecure: false,
  confirm: true,
  cardIntegration: undefined,
};
