export * from './axios-webhook.sender';
export * from './signing-key';
