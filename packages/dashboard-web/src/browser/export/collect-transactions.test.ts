import type { ApiResult, TransactionPage, TransactionViewJson } from '../api/api-types';
import { collectTransactions, EXPORT_PAGE_SIZE, EXPORT_ROW_LIMIT, type ExportRange } from './collect-transactions';

const RANGE: ExportRange = { fromDate: '2026-01-01', toDate: '2026-01-31', orderId: ' ord-1 ' };

function row(n: number): TransactionViewJson {
  return {
    sessionId: `s-${n}`,
    merchantId: 'demo',
    orderId: 'ord-1',
    attemptId: `a-${n}`,
    method: 'card',
    provider: 'fake',
    transaction: { transactionId: `t-${n}`, createdAt: n, updatedAt: n, type: 'payment', amount: { amount: 100, currency: 'EUR' }, status: { kind: 'succeeded' } },
  };
}

/** A service holding `total` operations, answering pages as GET /api/transactions does; its queries kept. */
function serviceOf(total: number, refuseAt?: { page: number; status: number; code: string }) {
  const queries: URLSearchParams[] = [];
  const search = async (query: URLSearchParams): Promise<ApiResult<TransactionPage>> => {
    queries.push(query);
    if (refuseAt && queries.length === refuseAt.page) return { ok: false, status: refuseAt.status, code: refuseAt.code };
    const start = Number(query.get('cursor') ?? 0);
    const size = Number(query.get('limit'));
    const end = Math.min(total, start + size);
    const transactions = Array.from({ length: end - start }, (_, i) => row(start + i));
    return { ok: true, body: end < total ? { transactions, nextCursor: String(end) } : { transactions } };
  };
  return { queries, search };
}

describe('collecting the operations of an export', () => {
  it("pages by the API's largest page with the range's query, and keeps every operation in order", async () => {
    const service = serviceOf(250);
    const progress: number[] = [];
    const outcome = await collectTransactions(RANGE, { search: service.search, signal: new AbortController().signal, onProgress: (n) => progress.push(n) });
    expect(outcome.kind).toBe('rows');
    expect(outcome.kind === 'rows' && outcome.rows.map((r) => r.transaction.transactionId)).toEqual(Array.from({ length: 250 }, (_, i) => `t-${i}`));
    expect(progress).toEqual([100, 200, 250]);
    const first = service.queries[0]!;
    expect(first.get('limit')).toBe(String(EXPORT_PAGE_SIZE));
    expect(first.get('orderId')).toBe('ord-1');
    expect(Number(first.get('to')) - Number(first.get('from'))).toBeGreaterThanOrEqual(31 * 24 * 3_600_000 - 3_600_000);
    expect(first.has('cursor')).toBe(false);
    expect(service.queries.slice(1).map((q) => q.get('cursor'))).toEqual(['100', '200']);
  });

  it("asks every page for the provider, type and status chosen (the Operations view's filters), and leaves them out when none is", async () => {
    const narrowed = serviceOf(150);
    await collectTransactions({ ...RANGE, provider: 'adyen', type: 'refund', status: 'succeeded' }, { search: narrowed.search, signal: new AbortController().signal, onProgress: () => undefined });
    expect(narrowed.queries.map((q) => [q.get('provider'), q.get('type'), q.get('status')])).toEqual([['adyen', 'refund', 'succeeded'], ['adyen', 'refund', 'succeeded']]);
    const plain = serviceOf(1);
    await collectTransactions(RANGE, { search: plain.search, signal: new AbortController().signal, onProgress: () => undefined });
    expect([plain.queries[0]!.has('provider'), plain.queries[0]!.has('type'), plain.queries[0]!.has('status')]).toEqual([false, false, false]);
  });

  it('makes a file of exactly the limit, and none of one operation more', async () => {
    const exact = await collectTransactions(RANGE, { search: serviceOf(EXPORT_ROW_LIMIT).search, signal: new AbortController().signal, onProgress: () => undefined });
    expect(exact.kind === 'rows' && exact.rows.length).toBe(EXPORT_ROW_LIMIT);
    const over = serviceOf(EXPORT_ROW_LIMIT + 1);
    expect(await collectTransactions(RANGE, { search: over.search, signal: new AbortController().signal, onProgress: () => undefined })).toEqual({ kind: 'too-many', limit: EXPORT_ROW_LIMIT });
    // Past the limit's last full page, one operation is asked for, no more.
    expect(over.queries.at(-1)?.get('limit')).toBe('1');
  });

  it('stops at the first refused page with its code, and when cancelled', async () => {
    const failing = serviceOf(500, { page: 2, status: 503, code: 'unexpected' });
    expect(await collectTransactions(RANGE, { search: failing.search, signal: new AbortController().signal, onProgress: () => undefined })).toEqual({ kind: 'failed', code: 'unexpected' });
    expect(failing.queries).toHaveLength(2);

    const controller = new AbortController();
    const cancelled = serviceOf(500);
    const outcome = await collectTransactions(RANGE, { search: cancelled.search, signal: controller.signal, onProgress: () => controller.abort() });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(cancelled.queries).toHaveLength(1);
  });
});
