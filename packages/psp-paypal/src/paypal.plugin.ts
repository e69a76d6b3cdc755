import type { ContractSettingSpec, PspPlugin } from '@splitpay/domain';
import { createPayPalProvider } from './provider/paypal.provider';

/** What a PayPal contract gives: the REST app's credentials, its webhook, and which PayPal it talks to. */
export const PAYPAL_SETTINGS: readonly ContractSettingSpec[] = [
  { name: 'clientId', type: 'string', required: true, secret: false, description: "the client id of the merchant's PayPal REST app" },
  { name: 'clientSecret', type: 'string', required: true, secret: true, description: "the secret of the merchant's PayPal REST app" },
  {
    name: 'webhookId',
    type: 'string',
    required: true,
    secret: false,
    pattern: '[A-Za-z0-9-]{1,50}',
    description: 'the id PayPal gave the webhook registered for /psp/paypal/notifications (it is part of every signature)',
  },
  { name: 'environment', type: 'string', required: true, secret: false, oneOf: ['sandbox', 'live'], description: 'sandbox (test money) or live' },
];

/** Provider `paypal` (method `paypal`) for the server's provider list. */
export const PAYPAL_PLUGIN: PspPlugin = {
  id: 'paypal',
  settings: PAYPAL_SETTINGS,
  create: ({ clock, logger, timeoutMs }) => createPayPalProvider({ clock, logger, timeoutMs }),
};
