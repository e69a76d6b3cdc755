export * from './axios-webhook.sender';
export * from './signing-key';
export * from './send-target.guard';
