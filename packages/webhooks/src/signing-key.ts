import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks signer for an account's signing secret. A secret in the Standard Webhooks
 * form (`whsec_` then base64) is used as the key it encodes; any other value is used as raw bytes,
 * so a merchant's configured string always signs (the receiver then verifies with `format: 'raw'`).
 */
export function signerFor(signingSecret: string): Webhook {
  if (signingSecret.startsWith('whsec_')) return new Webhook(signingSecret);
  return new Webhook(signingSecret, { format: 'raw' });
}
