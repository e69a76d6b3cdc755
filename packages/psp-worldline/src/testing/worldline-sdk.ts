import { init, webhooks, type Client } from 'onlinepayments-sdk-nodejs';
import { SETTINGS } from './worldline-fixtures';

/** Worldline's official Node SDK as a merchant would set it up, on our test contract and the test host (played by nock). */
export function officialClient(): Client {
  return init({
    host: 'payment.preprod.direct.worldline-solutions.com',
    scheme: 'https',
    port: 443,
    enableLogging: false,
    integrator: 'splitpay-tests',
    apiKeyId: SETTINGS.apiKeyId,
    secretApiKey: SETTINGS.secretApiKey,
  });
}

/** The SDK's webhook helper (signature check, then unmarshal) holding one secret under its key id. */
export function officialWebhooks(keyId: string, secret: string): ReturnType<typeof webhooks.init> {
  webhooks.inMemorySecretKeyStore.storeSecretKey(keyId, secret);
  return webhooks.init(webhooks.inMemorySecretKeyStore);
}
