import type { StoreCollections } from '../collections';
import type { ViewSource } from '../documents/search-view.document';

const WALK_BATCH = 100;

/** The fields of a session document its search entries are derived from. */
export const VIEW_SOURCE_PROJECTION = { merchantId: 1, orderId: 1, version: 1, updatedAt: 1, attempts: 1 } as const;

/**
 * Visits every session updated at or after `since`, oldest update first, in batches of 100 (keyset on
 * `updatedAt`, `_id`: the `updatedAt` index); answers how many. `onProgress` hears the count after each batch.
 */
export async function walkSessionsSince(
  sessions: StoreCollections['sessions'],
  since: number,
  visit: (source: ViewSource) => Promise<void>,
  onProgress?: (visited: number) => void,
): Promise<number> {
  let count = 0;
  let after: { readonly updatedAt: number; readonly id: string } | undefined;
  for (;;) {
    const filter = after
      ? { updatedAt: { $gte: after.updatedAt }, $or: [{ updatedAt: { $gt: after.updatedAt } }, { _id: { $gt: after.id } }] }
      : { updatedAt: { $gte: since } };
    const rows = await sessions.find(filter, { projection: VIEW_SOURCE_PROJECTION }).sort({ updatedAt: 1, _id: 1 }).limit(WALK_BATCH).toArray();
    for (const row of rows) await visit(row);
    count += rows.length;
    if (rows.length > 0) onProgress?.(count);
    const last = rows[rows.length - 1];
    if (!last || rows.length < WALK_BATCH) return count;
    after = { updatedAt: last.updatedAt, id: last._id };
  }
}
