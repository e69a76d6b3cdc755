import { operationsAddress } from '../operations/operation-filters';
import { paymentsAddress } from '../payments/payment-filters';

/** Where a payment's "Back to ..." link leads: the list it was opened from, as filtered, at the page shown (D66, D70). */
export type PaymentOrigin = { readonly kind: 'payments'; readonly hash: string } | { readonly kind: 'operations'; readonly hash: string };

export interface SessionAddress {
  readonly sessionId: string;
  readonly back: PaymentOrigin;
}

const SESSION = /^#\/sessions\/([^/?]+)(?:\?(.*))?$/;
const LIST = /^#\/(operations|payments)(?:\?(.*))?$/;
const FIRST_PAYMENTS = '#/payments';

/**
 * A payment's address (`#/sessions/{id}`). Opened from a list it carries that list's address, its
 * filters and the cursors of the page shown (`?back=operations&provider=...&cursor=...`), so its Back
 * link, a reload and a bookmark return to the same page of the same list (D66, D70). From the first
 * page of the unfiltered payments it is the session id alone, as before D66.
 */
export function sessionHash(sessionId: string, list?: string): string {
  const hash = `#/sessions/${encodeURIComponent(sessionId)}`;
  const match = list === undefined || list === FIRST_PAYMENTS ? null : LIST.exec(list);
  if (!match) return hash;
  return `${hash}?back=${match[1]}${match[2] ? `&${match[2]}` : ''}`;
}

export function sessionAddressOf(hash: string): SessionAddress | undefined {
  const match = SESSION.exec(hash);
  if (!match?.[1]) return undefined;
  const query = new URLSearchParams(match[2] ?? '');
  const from = query.get('back');
  const back: PaymentOrigin =
    from === 'operations'
      ? { kind: 'operations', hash: operationsAddress.hash(operationsAddress.filters(query), operationsAddress.cursors(query)) }
      : { kind: 'payments', hash: from === 'payments' ? paymentsAddress.hash(paymentsAddress.filters(query), paymentsAddress.cursors(query)) : FIRST_PAYMENTS };
  return { sessionId: decodeURIComponent(match[1]), back };
}
