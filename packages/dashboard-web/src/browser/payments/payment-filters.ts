import { SESSION_STATUSES, type SessionStatus } from '../api/api-types';
import { isDay, listAddress, oneOf } from '../lists/list-address';

/** What the payments list is filtered by; dates are the contact's calendar days (YYYY-MM-DD). */
export interface SessionFilters {
  readonly orderId?: string;
  readonly status?: SessionStatus;
  readonly fromDate?: string;
  /** Inclusive: the whole day counts. */
  readonly toDate?: string;
}

export const PAGE_SIZE = 20;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight starting a calendar day, in epoch ms (the contact reads days in their own zone). */
export function startOfDay(date: string): number | undefined {
  const match = DAY.exec(date);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(at) ? undefined : at;
}

/** Local midnight starting the day after `date`: the exclusive end of a search that includes `date`. */
export function nextDay(date: string): number | undefined {
  const start = startOfDay(date);
  if (start === undefined) return undefined;
  const d = new Date(start);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** GET /api/sessions parameters: `from` inclusive, `to` exclusive (the day after the last day). */
export function searchQuery(filters: SessionFilters, cursor?: string): URLSearchParams {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const orderId = filters.orderId?.trim();
  if (orderId) query.set('orderId', orderId);
  if (filters.status) query.set('status', filters.status);
  const from = filters.fromDate ? startOfDay(filters.fromDate) : undefined;
  if (from !== undefined && from >= 0) query.set('from', String(from));
  const to = filters.toDate ? nextDay(filters.toDate) : undefined;
  if (to !== undefined && to >= 0) query.set('to', String(to));
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** The view's address (`#/payments?...`): the filters, so a reload or a link keeps them. */
export const paymentsAddress = listAddress<SessionFilters>('payments', [
  { param: 'orderId', key: 'orderId', trimmed: true },
  { param: 'status', key: 'status', accepts: oneOf(SESSION_STATUSES) },
  { param: 'from', key: 'fromDate', accepts: isDay },
  { param: 'to', key: 'toDate', accepts: isDay },
]);

