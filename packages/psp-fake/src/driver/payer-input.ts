/** The fake card form's input: `{ method: 'card', cardNumber, expiry: 'MM/YY', cvc, holder? }`. */
export interface FakeCardInput {
  readonly number: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly holder?: string;
}

/** Reads the card form's input; undefined when it is missing or malformed. Never echoes it. */
export function readCardInput(input: Readonly<Record<string, unknown>> | undefined): FakeCardInput | undefined {
  if (!input || input.method !== 'card') return undefined;
  const { cardNumber, expiry, cvc, holder } = input;
  if (typeof cardNumber !== 'string' || typeof expiry !== 'string' || typeof cvc !== 'string') return undefined;
  if (holder !== undefined && typeof holder !== 'string') return undefined;
  return { number: cardNumber, expiry, cvc, ...(holder ? { holder } : {}) };
}

/** Reads the in-page wallet's confirm input: `{ method: 'applepay', paymentToken }`. */
export function readWalletToken(input: Readonly<Record<string, unknown>>): string | undefined {
  return input.method === 'applepay' && typeof input.paymentToken === 'string' && input.paymentToken.length > 0 ? input.paymentToken : undefined;
}
