import type { ApiResult, TransactionPage, TransactionViewJson } from '../api/api-types';
import { UNEXPECTED_ERROR } from '../api/dashboard-api';
import { operationsQuery, type OperationFilters } from '../operations/operation-filters';

/** The most operations one file holds; beyond it no file is made and the contact narrows the range. */
export const EXPORT_ROW_LIMIT = 10_000;
/** GET /api/transactions' largest page. */
export const EXPORT_PAGE_SIZE = 100;

/**
 * What is exported: what the Operations view's filters select, its calendar days (both included)
 * required.
 */
export interface ExportRange extends OperationFilters {
  readonly fromDate: string;
  readonly toDate: string;
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
    const answer = await options.search(operationsQuery(range, size, cursor), options.signal);
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
