import type { KeysetPosition, Page, SearchWindow } from '@splitpay/domain';

/** The one order of every search: newest first on createdAt, then on id (`_id`). */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * The createdAt bounds of a page: the window (from inclusive, to exclusive) and, after a cursor,
 * `createdAt <= cursor.createdAt` as index bounds, with the tie on createdAt broken by `_id` in a
 * residual `$or` that only the entries sharing the cursor's instant reach.
 */
export function keysetFilter(query: SearchWindow): Record<string, unknown> {
  const createdAt: Record<string, number> = {};
  if (query.from !== undefined) createdAt.$gte = query.from;
  if (query.to !== undefined) createdAt.$lt = query.to;
  const filter: Record<string, unknown> = {};
  if (query.after) {
    createdAt.$lte = query.after.createdAt;
    filter.$or = [{ createdAt: { $lt: query.after.createdAt } }, { _id: { $lt: query.after.id } }];
  }
  if (Object.keys(createdAt).length > 0) filter.createdAt = createdAt;
  return filter;
}

/** Page size as asked; one more row is read to know whether a next page exists. */
export function pageLimit(query: { readonly limit: number }): number {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1) throw new RangeError(`Search limit must be a positive integer, got ${query.limit}`);
  return query.limit;
}

/**
 * Splits rows read with `limit + 1` into the page's rows and its `next` position: the position of the
 * last row kept, present only when another row exists beyond it.
 */
export function splitPage<R extends { readonly _id: string; readonly createdAt: number }>(
  rows: readonly R[],
  limit: number,
): { readonly kept: readonly R[]; readonly next?: KeysetPosition } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return rows.length > limit && last ? { kept, next: { createdAt: last.createdAt, id: last._id } } : { kept };
}

/** A page of items with the position a next page starts after. */
export function pageOf<T>(items: readonly T[], next: KeysetPosition | undefined): Page<T> {
  return next ? { items, next } : { items };
}
