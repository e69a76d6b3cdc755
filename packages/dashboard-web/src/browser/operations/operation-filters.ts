import { TRANSACTION_TYPES, VERDICT_KINDS, type TransactionType, type VerdictKind } from '../api/api-types';
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

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

/** Filters written into the view's address (`#/operations?...`), so a reload, a bookmark or Back keeps them. */
export function operationFiltersToHash(filters: OperationFilters): string {
  const query = new URLSearchParams();
  if (filters.orderId?.trim()) query.set('orderId', filters.orderId.trim());
  if (filters.provider) query.set('provider', filters.provider);
  if (filters.type) query.set('type', filters.type);
  if (filters.status) query.set('status', filters.status);
  if (filters.fromDate) query.set('from', filters.fromDate);
  if (filters.toDate) query.set('to', filters.toDate);
  const text = query.toString();
  return text ? `#/operations?${text}` : '#/operations';
}

export function operationFiltersFromQuery(query: URLSearchParams): OperationFilters {
  const orderId = query.get('orderId');
  const provider = query.get('provider');
  const type = query.get('type');
  const status = query.get('status');
  const fromDate = query.get('from');
  const toDate = query.get('to');
  return {
    ...(orderId ? { orderId } : {}),
    ...(provider ? { provider } : {}),
    ...(isOneOf(TRANSACTION_TYPES, type) ? { type } : {}),
    ...(isOneOf(VERDICT_KINDS, status) ? { status } : {}),
    ...(fromDate && DAY.test(fromDate) ? { fromDate } : {}),
    ...(toDate && DAY.test(toDate) ? { toDate } : {}),
  };
}
