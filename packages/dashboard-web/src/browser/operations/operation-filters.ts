import { TRANSACTION_TYPES, VERDICT_KINDS, type TransactionType, type VerdictKind } from '../api/api-types';
import { isDay, listAddress, oneOf } from '../lists/list-address';
import { nextDay, startOfDay } from '../payments/payment-filters';

/** What the Operations view (and its export) select; dates are the contact's calendar days (YYYY-MM-DD). */
export interface OperationFilters {
  readonly orderId?: string;
  /** Any name, as the door takes it: one of the account's providers, or one it no longer holds (D66). */
  readonly provider?: string;
  readonly type?: TransactionType;
  /** The operation's verdict, not its session's status. */
  readonly status?: VerdictKind;
  readonly fromDate?: string;
  /** Inclusive: the whole day counts. */
  readonly toDate?: string;
}

/**
 * GET /api/transactions parameters, the same for a page of the view and for the export: `from` the
 * start of the first day, `to` the start of the day after the last.
 */
export function operationsQuery(filters: OperationFilters, limit: number, cursor?: string): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  const orderId = filters.orderId?.trim();
  if (orderId) query.set('orderId', orderId);
  if (filters.provider) query.set('provider', filters.provider);
  if (filters.type) query.set('type', filters.type);
  if (filters.status) query.set('status', filters.status);
  const from = filters.fromDate ? startOfDay(filters.fromDate) : undefined;
  if (from !== undefined) query.set('from', String(Math.max(0, from)));
  const to = filters.toDate ? nextDay(filters.toDate) : undefined;
  if (to !== undefined) query.set('to', String(Math.max(0, to)));
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** The view's address (`#/operations?...`): the filters, so a reload, a bookmark or Back keeps them. */
export const operationsAddress = listAddress<OperationFilters>('operations', [
  { param: 'orderId', key: 'orderId', trimmed: true },
  { param: 'provider', key: 'provider' },
  { param: 'type', key: 'type', accepts: oneOf(TRANSACTION_TYPES) },
  { param: 'status', key: 'status', accepts: oneOf(VERDICT_KINDS) },
  { param: 'from', key: 'fromDate', accepts: isDay },
  { param: 'to', key: 'toDate', accepts: isDay },
]);

