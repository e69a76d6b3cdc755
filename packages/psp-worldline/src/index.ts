export { WORLDLINE_PLUGIN, createWorldlineProvider, type WorldlineProviderDeps } from './worldline.plugin';
export { WORLDLINE_SETTINGS } from './settings/worldline.settings';
export { WORLDLINE_ANCV_CAPABILITIES, WORLDLINE_WERO_CAPABILITIES } from './driver/capabilities';
export { gcsAuthorization, gcsSignature, stringToSign } from './client/gcs-signature';
export { webhookSignature } from './notification/webhook-signature';
