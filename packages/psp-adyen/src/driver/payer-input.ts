/**
 * The page's inputs, never stored or logged. Card: `{ method: 'card', token, holder? }` where `token`
 * is the JSON text of Adyen Web's `state.data` (its `paymentMethod` with the encrypted card fields,
 * and `browserInfo` for 3-D Secure). Apple Pay: `{ method: 'applepay', paymentToken }`, the sheet's
 * `payment.token` (or its `paymentData` alone) as JSON text, or paymentData already in base64.
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

/**
 * Adyen's applePayToken: base64 of the paymentData JSON text. The page may send the sheet's whole
 * `payment.token` as JSON text (what the components send: `{ paymentData, paymentMethod,
 * transactionIdentifier }`), whose paymentData alone is taken, or paymentData's JSON text itself;
 * a token already in base64 is passed through.
 */
export function applePayTokenOf(input: Readonly<Record<string, unknown>>): string | undefined {
  if (input.method !== 'applepay' || typeof input.paymentToken !== 'string' || input.paymentToken.length === 0) return undefined;
  const token = input.paymentToken;
  if (!token.trimStart().startsWith('{')) return token;
  return Buffer.from(paymentDataText(token), 'utf8').toString('base64');
}

function paymentDataText(token: string): string {
  try {
    const parsed: unknown = JSON.parse(token);
    const paymentData = typeof parsed === 'object' && parsed !== null ? (parsed as { paymentData?: unknown }).paymentData : undefined;
    return typeof paymentData === 'object' && paymentData !== null ? JSON.stringify(paymentData) : token;
  } catch {
    return token;
  }
}
