import type { Logger } from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import type { AttemptDocument, SessionDocument } from '../documents/session.document';
import type { SearchViewWriter } from './search-view.writer';

/** The session field marking entries that may lag the stored version (partial index `entries_dirty`). */
export const ENTRIES_DIRTY = 'entriesDirty';

const REPAIR_BATCH = 100;

type FollowedSession = Pick<SessionDocument, '_id' | 'merchantId' | 'orderId' | 'version' | 'attempts' | 'entriesDirty'>;

/**
 * Makes the search entries follow a session write that has already been stored, and repairs those
 * that did not.
 *
 * A session holding attempts is stored with `entriesDirty` in the same atomic write; the entries are
 * written after it and the mark is then removed, for that version only. When the entry write fails
 * (a network error, a primary stepping down) or the process dies in between, the stored change stands,
 * the mark stays, and `repairMarked` (the store's repair worker) rebuilds the entries from the stored
 * document. Entries are only ever replaced by those of a newer version, so a repair racing a writer is
 * harmless.
 */
export class EntryFollower {
  constructor(
    private readonly collections: Pick<StoreCollections, 'sessions'>,
    private readonly views: SearchViewWriter,
    private readonly logger?: Logger,
  ) {}

  /** Whether a write of `doc` must carry the mark: only a session with attempts has entries. */
  marks(doc: Pick<SessionDocument, 'attempts'>): boolean {
    return doc.attempts.length > 0;
  }

  /**
   * Writes the entries of the stored `doc` (those changed since `before`, or all when `before` was
   * itself marked: its own entries may be the ones missing), then removes the mark. Never throws: the
   * session is stored, and a failure leaves the mark for the repair.
   */
  async follow(doc: FollowedSession, before?: { readonly attempts: readonly AttemptDocument[]; readonly entriesDirty?: true }): Promise<void> {
    try {
      await this.views.sync(doc, before && !before.entriesDirty ? before.attempts : undefined);
      if (this.marks(doc)) await this.unmark(doc);
    } catch (error) {
      this.logger?.warn('store.search_entries_deferred', {
        sessionId: doc._id,
        version: doc.version,
        reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        message: 'The session is stored; its search entries are rebuilt by the repair worker',
      });
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

  /** Removes the mark of that version only: a newer write marked its own and removes it itself. */
  private async unmark(doc: Pick<SessionDocument, '_id' | 'version'>): Promise<void> {
    await this.collections.sessions.updateOne({ _id: doc._id, version: doc.version, [ENTRIES_DIRTY]: true }, { $unset: { [ENTRIES_DIRTY]: '' } });
  }
}
