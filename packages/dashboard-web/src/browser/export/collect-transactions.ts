import type { ApiResult, TransactionPage, TransactionType, TransactionViewJson } from '../api/api-types';
import { UNEXPECTED_ERROR } from '../api/dashboard-api';
import { nextDay, startOfDay } from '../payments/payment-filters';

/** The most operations one file holds; beyond it no file is made and the contact narrows the range. */
export const EXPORT_ROW_LIMIT = 10_000;
/** GET /api/transactions' largest page. */
export const EXPORT_PAGE_SIZE = 100;

/**
 * What is exported: the contact's calendar days, both included, and optionally one order reference,
 * one provider and one operation type.
 */
export interface ExportRange {
  readonly fromDate: string;
  readonly toDate: string;
  readonly orderId?: string;
  readonly provider?: string;
  readonly type?: TransactionType;
}

export type ExportOutcome =
  | { readonly kind: 'rows'; readonly rows: readonly TransactionViewJson[] }
  | { readonly kind: 'too-many'; readonly limit: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly code: string };

export interface CollectOptions {
  /** One page of the search (DashboardApi.searchTransactions). */
  search(query: URLSearchParams, signal: AbortSignal): Promise<ApiResult<TransactionPage>>;
  readonly signal: AbortSignal;
  /** Called after each page with the number of operations read so far. */
  onProgress(read: number): void;
  readonly limit?: number;
}

/** The search's parameters for a range: `from` the start of the first day, `to` the start of the day after the last. */
export function transactionQuery(range: ExportRange, limit: number, cursor?: string): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  const from = startOfDay(range.fromDate);
  const to = nextDay(range.toDate);
  if (from !== undefined) query.set('from', String(Math.max(0, from)));
  if (to !== undefined) query.set('to', String(Math.max(0, to)));
  const orderId = range.orderId?.trim();
  if (orderId) query.set('orderId', orderId);
  if (range.provider) query.set('provider', range.provider);
  if (range.type) query.set('type', range.type);
  if (cursor) query.set('cursor', cursor);
  return query;
}

/**
 * Reads every operation of the range, newest first, page after keyset page. It stops at the first
 * refused or unreachable page (nothing is kept), when cancelled, or as soon as one operation more than
 * the limit exists: the last page asked for is only as large as what would still fit plus one, so a
 * range of exactly the limit makes a file and one more does not.
 */
export async function collectTransactions(range: ExportRange, options: CollectOptions): Promise<ExportOutcome> {
  const limit = options.limit ?? EXPORT_ROW_LIMIT;
  const rows: TransactionViewJson[] = [];
  let cursor: string | undefined;
  do {
    if (options.signal.aborted) return { kind: 'cancelled' };
    const size = Math.min(EXPORT_PAGE_SIZE, limit - rows.length + 1);
    const answer = await options.search(transactionQuery(range, size, cursor), options.signal);
    if (options.signal.aborted) return { kind: 'cancelled' };
    if (!answer.ok) return { kind: 'failed', code: answer.code };
    const page = answer.body as Partial<TransactionPage> | undefined;
    if (!Array.isArray(page?.transactions)) return { kind: 'failed', code: UNEXPECTED_ERROR };
    rows.push(...page.transactions);
    if (rows.length > limit) return { kind: 'too-many', limit };
    options.onProgress(rows.length);
    cursor = page.nextCursor;
  } while (cursor);
  return { kind: 'rows', rows };
}
