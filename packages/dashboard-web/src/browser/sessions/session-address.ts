import { operationFiltersFromQuery, operationFiltersToHash, type OperationFilters } from '../operations/operation-filters';

/** Where a payment's "Back to ..." link leads: the payments list, or the operations as they were filtered. */
export type PaymentOrigin = { readonly kind: 'payments' } | { readonly kind: 'operations'; readonly hash: string };

export interface SessionAddress {
  readonly sessionId: string;
  readonly back: PaymentOrigin;
}

const SESSION = /^#\/sessions\/([^/?]+)(?:\?(.*))?$/;

/**
 * A payment's address (`#/sessions/{id}`). Opened from the Operations view it carries that view's
 * filters (`?back=operations&provider=...`), so its Back link, a reload and a bookmark return to the
 * same filtered operations (D66).
 */
export function sessionHash(sessionId: string, operations?: OperationFilters): string {
  const hash = `#/sessions/${encodeURIComponent(sessionId)}`;
  if (!operations) return hash;
  const filters = operationFiltersToHash(operations).split('?')[1];
  return `${hash}?back=operations${filters ? `&${filters}` : ''}`;
}

export function sessionAddressOf(hash: string): SessionAddress | undefined {
  const match = SESSION.exec(hash);
  if (!match?.[1]) return undefined;
  const query = new URLSearchParams(match[2] ?? '');
  const back: PaymentOrigin = query.get('back') === 'operations' ? { kind: 'operations', hash: operationFiltersToHash(operationFiltersFromQuery(query)) } : { kind: 'payments' };
  return { sessionId: decodeURIComponent(match[1]), back };
}
