import type { Filter } from 'mongodb';
import type { MongoCollectionPort } from '../collection.port';
import type { StoreCollections } from '../collections';
import { failedOperations, isDuplicateKeyError, isOnlyDuplicateKeys } from '../duplicate-key';
import {
  attemptViewsOf,
  transactionViewsOf,
  viewChanged,
  type ViewSource,
} from '../documents/search-view.document';
import type { AttemptDocument } from '../documents/session.document';
import { walkSessionsSince } from './session-walk';

/**
 * A field every transaction entry has held since D62 (with `provider`): an entry without it has the
 * earlier shape and is replaced even by an entry of the same session version, so a resync fills in
 * the filters it lacks.
 */
const TRANSACTION_ENTRY_SHAPE = 'type';

type ViewEntry = { readonly _id: string; readonly sessionVersion: number };

/**
 * Keeps the attempt and transaction search entries in step with session documents.
 *
 * The session document is the record and is written first; the entries follow right after (only
 * those whose searched fields changed). Each entry carries the session version it was derived from
 * and is only ever replaced by a newer one, so concurrent writers converge. If a process dies between
 * the two writes, `resync` (run at start, and on demand) rebuilds the entries of recently updated
 * sessions.
 */
export class SearchViewWriter {
  constructor(private readonly collections: Pick<StoreCollections, 'sessions' | 'attemptViews' | 'transactionViews'>) {}

  /** Writes the entries of `after` that differ from those of `beforeAttempts` (all of them when absent). */
  async sync(after: ViewSource, beforeAttempts?: readonly AttemptDocument[]): Promise<void> {
    const before = beforeAttempts ? { ...after, attempts: beforeAttempts } : undefined;
    const attempts = changedEntries(attemptViewsOf(after), before ? attemptViewsOf(before) : []);
    const transactions = changedEntries(transactionViewsOf(after), before ? transactionViewsOf(before) : []);
    // Most writes (every creation) change no entry: nothing to wait on then (each promise awaited
    // costs the request scope's hooks too).
    if (attempts.length > 0 && transactions.length > 0) {
      await Promise.all([upsertNewer(this.collections.attemptViews, attempts), upsertNewer(this.collections.transactionViews, transactions, TRANSACTION_ENTRY_SHAPE)]);
    } else if (attempts.length > 0) await upsertNewer(this.collections.attemptViews, attempts);
    else if (transactions.length > 0) await upsertNewer(this.collections.transactionViews, transactions, TRANSACTION_ENTRY_SHAPE);
  }

  /** Rebuilds the entries of every session updated at or after `since`; answers how many sessions. */
  resync(since: number, onProgress?: (visited: number) => void): Promise<number> {
    return walkSessionsSince(this.collections.sessions, since, (row) => this.sync(row), onProgress);
  }
}

function changedEntries<V extends ViewEntry>(now: readonly V[], previous: readonly V[]): V[] {
  const old = new Map(previous.map((view) => [view._id, view]));
  return now.filter((view) => viewChanged(old.get(view._id), view));
}

/**
 * Upserts each of `views` unless its stored entry was derived from a newer session version, or from
 * the same one while holding `shapeField` (when given: an entry without it is of the earlier shape),
 * all in one unordered bulk write (one round trip however many entries changed). The guard makes such an upsert collide with the newer
 * entry on `_id` (duplicate key): that entry wins, and the other operations of the bulk are applied
 * all the same.
 */
async function upsertNewer<V extends ViewEntry>(collection: MongoCollectionPort<V>, views: readonly V[], shapeField?: string): Promise<void> {
  if (views.length === 0) return;
  const operations = views.map((view) => {
    const { _id, ...fields } = view;
    const absent = 'providerRef' in fields ? {} : { $unset: { providerRef: '' } };
    const older = { sessionVersion: { $lt: view.sessionVersion } };
    // An entry of the earlier shape is rewritten from the same version too, never from an older one:
    // an instance not yet upgraded may have written it from a newer read.
    const replaceable = shapeField ? { $or: [older, { [shapeField]: { $exists: false }, sessionVersion: { $lte: view.sessionVersion } }] } : older;
    return {
      updateOne: {
        filter: { _id, ...replaceable } as Filter<V>,
        update: { $set: fields, ...absent } as never,
        upsert: true,
      },
    };
  });
  try {
    await collection.bulkWrite(operations, { ordered: false });
  } catch (error) {
    if (!isOnlyDuplicateKeys(error)) throw error;
    // Some wire-protocol servers (FerretDB 1.x) stop an unordered bulk at its first failure, so the
    // operations not reported are sent again one by one: each is idempotent (one already applied now
    // collides with its own entry and loses). Only a race with a newer writer, or a resync, gets here.
    const failed = failedOperations(error);
    for (const [index, { updateOne }] of operations.entries()) {
      if (failed.has(index)) continue;
      try {
        await collection.updateOne(updateOne.filter, updateOne.update, { upsert: true });
      } catch (again) {
        if (!isDuplicateKeyError(again)) throw again;
      }
    }
  }
}
