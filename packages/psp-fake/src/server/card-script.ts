import type { DeclineReason } from '../protocol/fake-psp.protocol';

/** What the fake issuer does with a card (docs/decisions.md D20). */
export type CardVerdict =
  | { readonly kind: 'authorize-full' }
  | { readonly kind: 'authorize-half' }
  | { readonly kind: 'decline'; readonly reason: DeclineReason; readonly code: string; readonly message: string }
  | { readonly kind: 'challenge' };

/** The scripted test numbers; any other valid number is authorized in full. */
export const TEST_CARDS: Readonly<Record<string, CardVerdict>> = {
  '4111111111111111': { kind: 'authorize-full' },
  '4000000000000002': { kind: 'decline', reason: 'bank-refusal', code: '05', message: 'Do not honor' },
  '4000000000009995': { kind: 'decline', reason: 'insufficient-funds', code: '51', message: 'Insufficient funds' },
  '4000000000000069': { kind: 'decline', reason: 'expired', code: '54', message: 'Expired card' },
  '4000000000000010': { kind: 'authorize-half' },
  '4000000000003220': { kind: 'challenge' },
};

export function cardVerdict(number: string): CardVerdict {
  return TEST_CARDS[number] ?? { kind: 'authorize-full' };
}

/** The network a number belongs to, by its leading digits; undefined when it cannot be placed. */
export function cardBrand(number: string): 'visa' | 'mastercard' | 'amex' | undefined {
  if (number.startsWith('4')) return 'visa';
  if (number.startsWith('5')) return 'mastercard';
  if (number.startsWith('34') || number.startsWith('37')) return 'amex';
  return undefined;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = number.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Why the card data cannot be used, or undefined when it can: a number of 12 to 19 digits passing
 * the Luhn check, an expiry `MM/YY` not in the past, a CVC of 3 or 4 digits.
 */
export function cardDataProblem(
  card: { number: string; expiry: string; cvc: string },
  now: Date,
): { readonly reason: DeclineReason; readonly message: string } | undefined {
  const invalid = (message: string) => ({ reason: 'invalid-card-data' as const, message });
  if (!/^\d{12,19}$/.test(card.number) || !luhnValid(card.number)) return invalid('card number is not valid');
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(card.expiry);
  if (!expiry) return invalid('expiry must be MM/YY');
  if (!/^\d{3,4}$/.test(card.cvc)) return invalid('cvc must be 3 or 4 digits');
  const year = 2000 + Number(expiry[2]);
  const month = Number(expiry[1]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { reason: 'expired', message: 'card expiry date has passed' };
  }
  return undefined;
}
