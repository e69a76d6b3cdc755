import { CARD_SCHEMES, money, type CardScheme, type DeclineCategory, type PspFact } from '@splitpay/domain';
import type { NotificationResult, WireAmount } from '../protocol/fake-psp.protocol';

const CATEGORIES: readonly DeclineCategory[] = [
  'bank-refusal',
  'insufficient-funds',
  'invalid-card-data',
  'authentication-failed',
  'expired',
  'method-unavailable',
];

export function declineCategory(value: unknown): DeclineCategory | undefined {
  return CATEGORIES.find((c) => c === value);
}

export function cardScheme(value: unknown): CardScheme | undefined {
  return CARD_SCHEMES.find((s) => s === value);
}

/** An authorization outcome as the fake PSP tells it, by notification or status lookup. */
export interface AuthorizationOutcome {
  readonly result: NotificationResult;
  readonly ref: string;
  readonly reference?: string;
  readonly granted?: WireAmount;
  readonly partial?: unknown;
  readonly declineReason?: unknown;
  readonly code?: string;
  readonly message?: string;
  readonly card?: { readonly brand?: unknown; readonly alias?: unknown };
}

/**
 * The fact an authorization outcome means, or undefined while no verdict is in. Throws on an amount
 * that is not money (the caller treats the message as unparseable).
 */
export function authorizationFact(outcome: AuthorizationOutcome): PspFact | undefined {
  const base = {
    ref: { providerRef: outcome.ref, ...(outcome.reference ? { transactionId: outcome.reference } : {}) },
    providerRef: outcome.ref,
    ...(outcome.code ? { statusCode: outcome.code } : {}),
    ...(outcome.message ? { statusMessage: outcome.message } : {}),
  };
  switch (outcome.result) {
    case 'authorized': {
      if (!outcome.granted) throw new Error('an authorization verdict without an amount');
      const scheme = cardScheme(outcome.card?.brand);
      const alias = typeof outcome.card?.alias === 'string' ? outcome.card.alias : undefined;
      return {
        kind: 'authorized',
        ...base,
        granted: money(outcome.granted.value, outcome.granted.currency),
        ...(outcome.partial === 'payer' ? { chosenByPayer: true } : {}),
        ...(scheme ? { cardScheme: scheme } : {}),
        ...(alias ? { cardAlias: alias } : {}),
      };
    }
    case 'declined': {
      const category = declineCategory(outcome.declineReason);
      return { kind: 'declined', ...base, ...(category ? { category } : {}) };
    }
    case 'cancelled':
      return { kind: 'cancelled-by-payer', ...base };
    case 'pending':
      return { kind: 'lender-pending', ...base };
    case 'succeeded':
    case 'failed':
      return undefined;
  }
}
