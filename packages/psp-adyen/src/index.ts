export { adyenPlugin, createAdyenProvider, type AdyenProviderDeps } from './adyen.plugin';
export { ADYEN_SETTINGS } from './settings/adyen.settings';
export { adyenWebCspSources, type AdyenWebCspDirective } from './settings/adyen-web-csp';
export { ADYEN_HOSTED_FIELDS_ENTRY, ADYEN_HOSTED_FIELDS_PATH, ADYEN_WEB_INTEGRITY, ADYEN_WEB_VERSION, adyenWebSdkUrl, adyenWebStylesheetUrl } from './settings/adyen-web';
export { ADYEN_APPLEPAY_CAPABILITIES, ADYEN_CARD_CAPABILITIES } from './driver/capabilities';
export { itemHmac, signingString } from './notification/hmac';
export { ADYEN_AMOUNT_UNREADABLE_METRIC, ADYEN_AMOUNT_UNREADABLE_REASONS } from './mapping/unreadable-amount';
