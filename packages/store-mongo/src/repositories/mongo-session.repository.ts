import type {
  AbandonedNotificationPage,
  Logger,
  AbandonedNotificationSearch,
  AttemptHit,
  AttemptId,
  AttemptSearch,
  CreationIdempotency,
  KeyedInsert,
  MerchantId,
  Page,
  SaveOptions,
  SaveResult,
  Session,
  SessionId,
  SessionRepository,
  SessionSearch,
  TransactionHit,
  TransactionId,
  TransactionSearch,
} from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { isDuplicateKeyError } from '../duplicate-key';
import { rewriteFields } from '../documents/plain-document';
import {
  providerRefKey,
  SESSION_FIELDS,
  sessionFromDocument,
  sessionToDocument,
  type SessionDocument,
} from '../documents/session.document';
import { EntryFollower } from '../search/entry-follower';
import { SearchViewRebuild, type SearchRebuildReport } from '../search/search-view.rebuild';
import { SearchViewWriter } from '../search/search-view.writer';
import { SessionSearches } from '../search/session.search';
import { abandonedDeliveryPage } from './abandoned-deliveries';
import { claimOfEarliestDue, releaseOfLease, renewalOfLease } from './due-lease';

const DELIVERY_FIELDS = { abandoned: 'notification.delivery.abandoned', firstFailedAt: 'notification.delivery.firstFailedAt' };

const WRITTEN_FIELDS = [...SESSION_FIELDS.filter((field) => field !== 'id'), 'providerRefs'];

/** SessionRepository on MongoDB collections (driver or embedded). */
export class MongoSessionRepository implements SessionRepository {
  private readonly views: SearchViewWriter;
  private readonly entries: EntryFollower;
  private readonly searches: SessionSearches;

  /** `logger` hears of search entries left for the repair (store.search_entries_deferred). */
  constructor(
    private readonly collections: Pick<StoreCollections, 'sessions' | 'attemptViews' | 'transactionViews'>,
    logger?: Logger,
  ) {
    this.views = new SearchViewWriter(collections);
    this.entries = new EntryFollower(collections, this.views, logger);
    this.searches = new SessionSearches(collections);
  }

  /** The session is stored; its search entries follow (entry-follower.ts: a failure there is repaired later, not thrown). */
  async insert(session: Session): Promise<void> {
    if (session.version !== 1) throw new Error(`A new session is stored at version 1, got ${session.version}`);
    const doc = sessionToDocument(session);
    await this.collections.sessions.insertOne(doc);
    await this.entries.follow(doc);
  }

  async insertKeyed(session: Session & { readonly idempotency: CreationIdempotency }): Promise<KeyedInsert> {
    try {
      await this.insert(session);
      return { kind: 'inserted' };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.findByIdempotencyKey(session.merchantId, session.idempotency.key);
      // Another unique index refused it (an id or a token digest taken): no twin to answer.
      if (!existing) throw error;
      return { kind: 'existing', session: existing };
    }
  }

  findByIdempotencyKey(merchantId: MerchantId, key: string): Promise<Session | null> {
    return this.findOne({ merchantId, 'idempotency.key': key });
  }

  findById(id: SessionId): Promise<Session | null> {
    return this.findOne({ _id: id });
  }

  findByElementsTokenHash(hash: string): Promise<Session | null> {
    return this.findOne({ elementsTokenHash: hash });
  }

  findByAttemptId(id: AttemptId): Promise<Session | null> {
    return this.findOne({ 'attempts.id': id });
  }

  findByTransactionId(id: TransactionId): Promise<Session | null> {
    return this.findOne({ 'attempts.transactions.id': id });
  }

  findByProviderRef(provider: string, providerRef: string): Promise<Session | null> {
    return this.findOne({ providerRefs: providerRefKey(provider, providerRef) });
  }

  /**
   * One atomic update guarded by the version (and by the lease when `leaseOwner` is given): every
   * field is rewritten except the lease, which is left as stored, or removed when the owner completes
   * its work. The search entries follow; a failure there marks the session for the repair instead of
   * failing a save that is stored (entry-follower.ts).
   */
  async save(session: Session, options: SaveOptions): Promise<SaveResult> {
    if (session.version !== options.expectedVersion + 1) {
      throw new Error(`Session ${session.id}: saving version ${session.version} over ${options.expectedVersion} (must be one more)`);
    }
    const doc = sessionToDocument(session);
    const { $set, $unset } = rewriteFields(doc as unknown as Record<string, unknown>, WRITTEN_FIELDS, ['lease']);
    if (options.leaseOwner !== undefined) $unset.lease = '';
    const filter = {
      _id: doc._id,
      version: options.expectedVersion,
      ...(options.leaseOwner !== undefined ? { 'lease.owner': options.leaseOwner } : {}),
    };
    const before = await this.collections.sessions.findOneAndUpdate(
      filter,
      Object.keys($unset).length > 0 ? { $set, $unset } : { $set },
      // The whole document, not a projection: findAndModify with a projection is missing on some
      // wire-protocol servers (FerretDB 1.x), and a session document is small.
      { returnDocument: 'before' },
    );
    if (!before) return 'conflict';
    await this.entries.follow(doc, before);
    return 'saved';
  }

  async claimDue(now: number, owner: string, leaseMs: number): Promise<Session | null> {
    const doc = await this.collections.sessions.findOneAndUpdate(...claimOfEarliestDue(now, owner, leaseMs));
    return doc ? sessionFromDocument(doc) : null;
  }

  async claimNotificationDue(now: number, owner: string, leaseMs: number): Promise<Session | null> {
    const doc = await this.collections.sessions.findOneAndUpdate(...claimOfEarliestDue(now, owner, leaseMs, 'notificationDueAt'));
    return doc ? sessionFromDocument(doc) : null;
  }

  async postponeNotification(id: SessionId, owner: string, until: number): Promise<void> {
    const [filter, release] = releaseOfLease(id, owner);
    await this.collections.sessions.updateOne(filter, { ...release, $set: { notificationDueAt: until } });
  }

  async recallNotification(id: SessionId, from: number, to: number): Promise<void> {
    await this.collections.sessions.updateOne(
      { _id: id, notificationDueAt: from, $or: [{ lease: { $exists: false } }, { 'lease.until': { $lte: to } }] },
      { $set: { notificationDueAt: to } },
    );
  }

  async renewLease(id: SessionId, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.collections.sessions.updateOne(...renewalOfLease(id, owner, now, leaseMs));
    return result.matchedCount === 1;
  }

  async releaseLease(id: SessionId, owner: string): Promise<void> {
    await this.collections.sessions.updateOne(...releaseOfLease(id, owner));
  }

  searchSessions(query: SessionSearch): Promise<Page<Session>> {
    return this.searches.sessions(query);
  }

  searchAttempts(query: AttemptSearch): Promise<Page<AttemptHit>> {
    return this.searches.attempts(query);
  }

  searchTransactions(query: TransactionSearch): Promise<Page<TransactionHit>> {
    return this.searches.transactions(query);
  }

  /** One walk of the `merchant_abandoned_notification` index (abandoned-deliveries.ts). */
  findAbandonedNotifications(query: AbandonedNotificationSearch): Promise<AbandonedNotificationPage> {
    return abandonedDeliveryPage(this.collections.sessions, DELIVERY_FIELDS, query, {
      item: (doc) => sessionFromDocument(doc as SessionDocument),
      positionOf: (session) => {
        const firstFailedAt = session.notification?.delivery?.firstFailedAt;
        return firstFailedAt !== undefined ? { firstFailedAt, id: session.id } : undefined;
      },
    });
  }


  /** Rebuilds the search entries of up to `limit` sessions whose last write left them marked as lagging. */
  repairSearchEntries(limit?: number): Promise<number> {
    return this.entries.repairMarked(limit);
  }

  /** Rebuilds the search entries of sessions updated since `since` (a process that died between the two writes: run at start; or on demand). */
  resyncSearchViews(since: number, onProgress?: (visited: number) => void): Promise<number> {
    return this.views.resync(since, onProgress);
  }

  /**
   * The operators' rebuild (resync-search): the entries of sessions updated since `since` written whatever
   * version they hold, and with `since` 0 the entries no session holds deleted (search-view.rebuild.ts).
   */
  rebuildSearchViews(since: number, onProgress?: (visited: number) => void): Promise<SearchRebuildReport> {
    return new SearchViewRebuild(this.collections).run(since, onProgress);
  }

  private async findOne(filter: Record<string, unknown>): Promise<Session | null> {
    const doc = await this.collections.sessions.findOne(filter);
    return doc ? sessionFromDocument(doc as SessionDocument) : null;
  }
}
