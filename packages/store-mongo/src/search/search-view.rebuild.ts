import type { Filter } from 'mongodb';
import type { MongoCollectionPort } from '../collection.port';
import type { StoreCollections } from '../collections';
import { isOnlyDuplicateKeys } from '../duplicate-key';
import { attemptViewsOf, transactionViewsOf, type ViewSource } from '../documents/search-view.document';
import { VIEW_SOURCE_PROJECTION, walkSessionsSince } from './session-walk';

const SWEEP_BATCH = 100;

type Entry = { readonly _id: string; readonly sessionId: string };

/** What a rebuild did: the sessions visited, and (a rebuild of every session only) the entries deleted. */
export interface SearchRebuildReport {
  readonly sessions: number;
  readonly removed?: number;
}

/**
 * The operators' rebuild of the search entries (`npm run ops -- resync-search`), for entries that may
 * be ahead of the record: `sessions` restored from a backup leaves entries derived from versions the
 * record no longer has, at version numbers its next writes reuse, and the writer's rule (only a newer
 * version replaces an entry) would keep them, skipping those writes too.
 *
 * Each visited session's entries are written from its document whatever version they hold, then the
 * session is read again: a service write in between (whose entries the rewrite may have replaced by
 * older ones) has them written again from the newer document. A rebuild of every session (`since` 0)
 * then reads every entry and deletes those whose session no longer holds their attempt or transaction
 * (made after the backup point, or of a session the backup does not have): a service writes an entry
 * only after its session holds it, so a live entry is never deleted.
 */
export class SearchViewRebuild {
  constructor(private readonly collections: Pick<StoreCollections, 'sessions' | 'attemptViews' | 'transactionViews'>) {}

  async run(since: number, onProgress?: (visited: number) => void): Promise<SearchRebuildReport> {
    const sessions = await walkSessionsSince(this.collections.sessions, since, (row) => this.rewrite(row), onProgress);
    if (since > 0) return { sessions };
    const attempts = await this.sweep(this.collections.attemptViews, (entry, session) => session.attempts.some((a) => a.id === entry._id));
    const transactions = await this.sweep(this.collections.transactionViews, (entry, session) =>
      session.attempts.some((a) => a.id === entry.attemptId && a.transactions.some((t) => t.id === entry._id)),
    );
    return { sessions, removed: attempts + transactions };
  }

  private async rewrite(source: ViewSource): Promise<void> {
    for (let current: ViewSource | null = source; current; ) {
      await Promise.all([overwrite(this.collections.attemptViews, attemptViewsOf(current)), overwrite(this.collections.transactionViews, transactionViewsOf(current))]);
      const now: ViewSource | null = await this.collections.sessions.findOne({ _id: current._id }, { projection: VIEW_SOURCE_PROJECTION });
      current = now && now.version !== current.version ? now : null;
    }
  }

  /** Deletes the entries of `collection` whose session does not hold them; answers how many. */
  private async sweep<V extends Entry>(collection: MongoCollectionPort<V>, held: (entry: V, session: ViewSource) => boolean): Promise<number> {
    let removed = 0;
    // Every entry id is a non-empty string: the range on `_id` walks its index from the start.
    let after = '';
    for (;;) {
      const filter = { _id: { $gt: after } } as Filter<V>;
      const rows = (await collection.find(filter, { projection: { _id: 1, sessionId: 1, attemptId: 1 } }).sort({ _id: 1 }).limit(SWEEP_BATCH).toArray()) as V[];
      const sessions = await this.sessionsOf(rows.map((row) => row.sessionId));
      for (const row of rows) {
        const session = sessions.get(row.sessionId);
        if (session && held(row, session)) continue;
        removed += (await collection.deleteOne({ _id: row._id } as Filter<V>)).deletedCount;
      }
      if (rows.length < SWEEP_BATCH) return removed;
      after = rows[rows.length - 1]!._id;
    }
  }

  private async sessionsOf(ids: readonly string[]): Promise<Map<string, ViewSource>> {
    if (ids.length === 0) return new Map();
    const docs = await this.collections.sessions.find({ _id: { $in: [...new Set(ids)] } }, { projection: VIEW_SOURCE_PROJECTION }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }
}

/** Upserts each of `views` as it is, whatever version its entry holds (one unordered bulk). */
async function overwrite<V extends { readonly _id: string }>(collection: MongoCollectionPort<V>, views: readonly V[]): Promise<void> {
  if (views.length === 0) return;
  const operations = views.map((view) => {
    const { _id, ...fields } = view;
    const absent = 'providerRef' in fields ? {} : { $unset: { providerRef: '' } };
    return { updateOne: { filter: { _id } as Filter<V>, update: { $set: fields, ...absent } as never, upsert: true } };
  });
  try {
    await collection.bulkWrite(operations, { ordered: false });
  } catch (error) {
    // Two upserts of one new entry at once (a service write racing) let one insert and the other
    // collide; the entry now exists, so the same bulk again updates it.
    if (!isOnlyDuplicateKeys(error)) throw error;
    await collection.bulkWrite(operations, { ordered: false });
  }
}
