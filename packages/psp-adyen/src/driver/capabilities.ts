import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';

/** Adyen card: a hold, partial authorisation (when the account has it), stored cards, 3-D Secure by redirect. */
export const ADYEN_CARD_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  partialAuthorization: true,
  // The Checkout API has no status query for /payments: an overdue verdict waits for the webhook.
  statusLookup: false,
  // Nor a read of a capture's, cancel's or refund's outcome (always `received`): their verdict is the webhook's, which Adyen redelivers (D94-a).
  followUpLookup: false,
  aliasRegistration: true,
  threeDSecure: true,
  cardIntegration: 'acquirer-hosted',
};

/** Adyen Apple Pay: a hold opened by the sheet's token (confirm), after the page's merchant validation. */
export const ADYEN_APPLEPAY_CAPABILITIES: DriverCapabilities = { ...PLAIN_HOLD_CAPABILITIES, statusLookup: false, followUpLookup: false, confirm: true };
