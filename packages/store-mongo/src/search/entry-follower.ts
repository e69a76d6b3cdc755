import type { Logger } from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import type { AttemptDocument, SessionDocument } from '../documents/session.document';
import type { SearchViewWriter } from './search-view.writer';

/** The session field marking entries that may lag the stored version (partial index `entries_dirty`). */
export const ENTRIES_DIRTY = 'entriesDirty';

const REPAIR_BATCH = 100;

type FollowedSession = Pick<SessionDocument, '_id' | 'merchantId' | 'orderId' | 'version' | 'attempts'>;

/**
 * Makes the search entries follow a session write that has already been stored, and repairs those
 * that did not.
 *
 * The session write carries no mark: the entries are written after it, and only when that fails (a
 * network error, a primary stepping down) is the stored session marked `entriesDirty`, by one update.
 * The stored change stands either way. A marked session's entries are rebuilt whole by its next save
 * or by `repairMarked` (the store's repair worker). A process dying between the two writes leaves no
 * mark: the start-up rebuild of recently updated sessions (`resyncSearchViews`) covers it. Entries are
 * only ever replaced by those of a newer version, so a repair racing a writer is harmless.
 */
export class EntryFollower {
  constructor(
    private readonly collections: Pick<StoreCollections, 'sessions'>,
    private readonly views: SearchViewWriter,
    private readonly logger?: Logger,
  ) {}

  /**
   * Writes the entries of the stored `doc` (those changed since `before`, or all when `before` was
   * marked: its own entries may be the ones missing, and then removes the mark). Never throws: the
   * session is stored, and a failure marks it for the repair.
   */
  async follow(doc: FollowedSession, before?: { readonly attempts: readonly AttemptDocument[]; readonly entriesDirty?: true }): Promise<void> {
    try {
      await this.views.sync(doc, before && !before.entriesDirty ? before.attempts : undefined);
      if (before?.entriesDirty) await this.unmark(doc);
    } catch (error) {
      await this.mark(doc, error);
    }
  }

  /** Rebuilds the entries of up to `limit` marked sessions from their stored documents; answers how many. */
  async repairMarked(limit = REPAIR_BATCH): Promise<number> {
    const rows = await this.collections.sessions
      .find({ [ENTRIES_DIRTY]: true }, { projection: { merchantId: 1, orderId: 1, version: 1, attempts: 1 } })
      .limit(limit)
      .toArray();
    for (const row of rows) {
      await this.views.sync(row);
      await this.unmark(row);
    }
    return rows.length;
  }

  /**
   * Marks the session as stored now, whatever its version: a newer write that read this one unmarked
   * wrote only its own changes, so the repair must rebuild from the newest. If the mark cannot be
   * written either, the start-up rebuild and a resync are what remain.
   */
  private async mark(doc: FollowedSession, error: unknown): Promise<void> {
    const fields = { sessionId: doc._id, version: doc.version, reason: reasonOf(error) };
    try {
      await this.collections.sessions.updateOne({ _id: doc._id }, { $set: { [ENTRIES_DIRTY]: true } });
      this.logger?.warn('store.search_entries_deferred', { ...fields, message: 'The session is stored; its search entries are rebuilt by the repair worker' });
    } catch (markError) {
      this.logger?.error('store.search_entries_unmarked', {
        ...fields,
        markReason: reasonOf(markError),
        message: 'The session is stored; its search entries lag until the start-up rebuild or a resync',
      });
    }
  }

  /** Removes the mark of that version only: a newer write's failure marked the session again. */
  private async unmark(doc: Pick<SessionDocument, '_id' | 'version'>): Promise<void> {
    await this.collections.sessions.updateOne({ _id: doc._id, version: doc.version, [ENTRIES_DIRTY]: true }, { $unset: { [ENTRIES_DIRTY]: '' } });
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
