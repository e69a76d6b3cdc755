/** PayPal's two worlds: test money on the sandbox, real money live. */
export type PayPalEnvironment = 'sandbox' | 'live';

export const PAYPAL_API_BASE: Readonly<Record<PayPalEnvironment, string>> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

/** What a contract's settings give the PayPal driver (the REST app's credentials and its webhook). */
export interface PayPalContract {
  readonly clientId: string;
  /** Never logged, never in an error message. */
  readonly clientSecret: string;
  /** The id PayPal gave the webhook registered for this contract: part of every signed message. */
  readonly webhookId: string;
  readonly environment: PayPalEnvironment;
}

/**
 * Reads the contract's settings (PAYPAL_SETTINGS declares them); a problem names the setting, never
 * its value. The merchants file is checked at start, so a problem here means a contract changed under
 * a running service.
 */
export function readPayPalContract(settings: Readonly<Record<string, unknown>>): PayPalContract | { readonly problem: string } {
  const text = (name: string): string | undefined => {
    const value = settings[name];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const clientId = text('clientId');
  const clientSecret = text('clientSecret');
  const webhookId = text('webhookId');
  const environment = text('environment');
  if (!clientId) return { problem: 'clientId is missing' };
  if (!clientSecret) return { problem: 'clientSecret is missing' };
  if (!webhookId) return { problem: 'webhookId is missing' };
  if (environment !== 'sandbox' && environment !== 'live') return { problem: 'environment must be sandbox or live' };
  return { clientId, clientSecret, webhookId, environment };
}
