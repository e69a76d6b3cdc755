export { createPayPalProvider, type PayPalProviderDeps } from './provider/paypal.provider';
export { PAYPAL_PLUGIN, PAYPAL_SETTINGS } from './paypal.plugin';
export { PayPalDriver } from './driver/paypal.driver';
export { PAYPAL_CAPABILITIES } from './driver/capabilities';
export { PAYPAL_API_BASE, type PayPalContract, type PayPalEnvironment } from './settings/paypal-settings';
