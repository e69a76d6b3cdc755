/**
 * The page's inputs, never stored or logged. Card: `{ method: 'card', token, holder? }` where `token`
 * is the JSON text of Adyen Web's `state.data` (its `paymentMethod` with the encrypted card fields,
 * and `browserInfo` for 3-D Secure). Apple Pay: `{ method: 'applepay', paymentToken }`, the sheet's
 * `payment.token.paymentData` as JSON text (or already base64).
 */

export interface AdyenCardInput {
  readonly paymentMethod: Readonly<Record<string, string>>;
  readonly browserInfo?: Readonly<Record<string, unknown>>;
  readonly origin?: string;
}

const ENCRYPTED = ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode'] as const;

/** Adyen Web's encrypted card fields from the card input; undefined when missing or malformed. */
export function readCardInput(input: Readonly<Record<string, unknown>> | undefined): AdyenCardInput | undefined {
  if (!input || input.method !== 'card' || typeof input.token !== 'string') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(input.token);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const state = data as { paymentMethod?: unknown; browserInfo?: unknown; origin?: unknown };
  const method = typeof state.paymentMethod === 'object' && state.paymentMethod !== null ? (state.paymentMethod as Record<string, unknown>) : {};
  const fields: Record<string, string> = { type: 'scheme' };
  for (const name of ENCRYPTED) {
    const value = method[name];
    if (typeof value !== 'string' || value.length === 0) return undefined;
    fields[name] = value;
  }
  const holder = typeof method.holderName === 'string' ? method.holderName : typeof input.holder === 'string' ? input.holder : undefined;
  if (holder) fields.holderName = holder;
  return {
    paymentMethod: fields,
    ...(typeof state.browserInfo === 'object' && state.browserInfo !== null ? { browserInfo: state.browserInfo as Record<string, unknown> } : {}),
    ...(typeof state.origin === 'string' ? { origin: state.origin } : {}),
  };
}

/** Adyen's applePayToken: base64 of the paymentData JSON text, passed through when already base64. */
export function applePayTokenOf(input: Readonly<Record<string, unknown>>): string | undefined {
  if (input.method !== 'applepay' || typeof input.paymentToken !== 'string' || input.paymentToken.length === 0) return undefined;
  const token = input.paymentToken;
  return token.trimStart().startsWith('{') ? Buffer.from(token, 'utf8').toString('base64') : token;
}
