export { createPayPalProvider, type PayPalProviderDeps, type PayPalNotificationContext } from './provider/paypal.provider';
export { PayPalDriver } from './driver/paypal.driver';
export { PAYPAL_CAPABILITIES } from './driver/capabilities';
export { PAYPAL_API_BASE, PAYPAL_SETTING_NAMES, type PayPalContract, type PayPalEnvironment } from './settings/paypal-settings';
