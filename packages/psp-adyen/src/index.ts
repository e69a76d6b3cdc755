export { ADYEN_PLUGIN, createAdyenProvider, type AdyenProviderDeps } from './adyen.plugin';
export { ADYEN_SETTINGS, ADYEN_WEB_VERSION } from './settings/adyen.settings';
export { ADYEN_APPLEPAY_CAPABILITIES, ADYEN_CARD_CAPABILITIES } from './driver/capabilities';
export { itemHmac, signingString } from './notification/hmac';
