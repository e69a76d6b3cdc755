export * from './message-delivery';
export * from './session-ended.delivery';
export * from './replay-notification';
export * from './session-ended.worker';
export { DEFAULT_TRIES_PER_MERCHANT, type MerchantCapOptions } from './destination-slots';
