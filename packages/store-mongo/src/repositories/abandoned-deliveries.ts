import type { Document, Filter, WithId } from 'mongodb';
import type { MongoCollectionPort } from '../collection.port';
import { pageLimit } from '../search/keyset';

/** Where a collection's documents keep their delivery (`delivery.*`, `notification.delivery.*`). */
export interface AbandonedDeliveryFields {
  readonly abandoned: string;
  readonly firstFailedAt: string;
}

/** A merchant's walk: the first failure's window, and the position (instant, `_id`) it continues after. */
export interface AbandonedDeliveryWalk {
  readonly merchantId: string;
  readonly limit: number;
  readonly from?: number;
  readonly to?: number;
  readonly after?: { readonly firstFailedAt: number; readonly id: string };
}

/**
 * One page of a walk of the merchant's `abandoned: true` deliveries on their `merchant_abandoned_*`
 * index: the first failure's window as bounds, oldest first; after a position, the tie on the instant
 * is broken by `_id` in a residual `$or` that only the entries sharing that instant reach. `next` is
 * the position of the page's last item, when more may follow.
 */
export async function abandonedDeliveryPage<T extends Document, I, P>(
  collection: MongoCollectionPort<T>,
  fields: AbandonedDeliveryFields,
  walk: AbandonedDeliveryWalk,
  read: { item(doc: WithId<T>): I; positionOf(item: I): P | undefined },
): Promise<{ items: I[]; next?: P }> {
  const limit = pageLimit(walk);
  const firstFailedAt: Record<string, number> = {};
  if (walk.from !== undefined) firstFailedAt.$gte = walk.from;
  if (walk.to !== undefined) firstFailedAt.$lt = walk.to;
  const filter: Record<string, unknown> = { merchantId: walk.merchantId, [fields.abandoned]: true };
  if (walk.after) {
    firstFailedAt.$gte = Math.max(firstFailedAt.$gte ?? walk.after.firstFailedAt, walk.after.firstFailedAt);
    filter.$or = [{ [fields.firstFailedAt]: { $gt: walk.after.firstFailedAt } }, { _id: { $gt: walk.after.id } }];
  }
  // Every abandoned delivery has failed at least once, so a bound-less walk still asks for the field.
  filter[fields.firstFailedAt] = Object.keys(firstFailedAt).length > 0 ? firstFailedAt : { $exists: true };
  const rows = await collection.find(filter as Filter<T>).sort({ [fields.firstFailedAt]: 1, _id: 1 }).limit(limit + 1).toArray();
  const items = rows.slice(0, limit).map(read.item);
  const last = items[items.length - 1];
  const next = rows.length > limit && last !== undefined ? read.positionOf(last) : undefined;
  return next !== undefined ? { items, next } : { items };
}
