export { ONEY_PLUGIN, createOneyProvider, type OneyProviderDeps } from './oney.plugin';
export { ONEY_SETTINGS } from './settings/oney.settings';
export { ONEY_CAPABILITIES } from './driver/capabilities';
export { encryptOneyMessage } from './client/oney-crypto';
