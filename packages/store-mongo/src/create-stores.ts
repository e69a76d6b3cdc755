import type { Stores } from '@splitpay/application';
import type { Logger } from '@splitpay/domain';
import type { Db, Document } from 'mongodb';
import { COLLECTION_NAMES, openStoreCollections, type StoreCollectionKey, type StoreCollections } from './collections';
import { INDEX_PLAN } from './index-plan';
import { isShardedUniqueRefusal, shardedUniqueIndexError } from './sharded-unique-index';
import { MongoAuthorizationCodeRepository, MongoRefreshTokenRepository } from './repositories/mongo-auth-grant.repository';
import { MongoChargebackRepository } from './repositories/mongo-chargeback.repository';
import { MongoHitCounters } from './repositories/mongo-hit-counters';
import { MongoMerchantAccountRepository } from './repositories/mongo-merchant-account.repository';
import { MongoSessionRepository } from './repositories/mongo-session.repository';
import type { SearchRebuildReport } from './search/search-view.rebuild';
import { AdyenCardReasonClearing, type CardReasonClearing } from './maintenance/clear-adyen-card-reasons';

/** The repositories of one store, plus what the composition root does with the store itself. */
export interface MongoStores extends Stores {
  readonly sessions: MongoSessionRepository;
  /** Rate-limit counters every instance on the database shares (docs/decisions.md D55). */
  readonly hitCounters: MongoHitCounters;
  /**
   * Creates every index of INDEX_PLAN (idempotent); run once at start, before serving. Answers the
   * indexes created without an option the server lacks (only ever with `allowStandalone`).
   */
  ensureIndexes(): Promise<readonly IndexDeparture[]>;
  /**
   * Rebuilds the attempt and transaction search entries of sessions updated at or after `since`
   * (epoch ms), repairing what a crash between a session write and its entries left behind. Returns
   * how many sessions were visited; `onProgress` hears the running count after each batch.
   */
  resyncSearchViews(since: number, onProgress?: (visited: number) => void): Promise<number>;
  /**
   * The operators' rebuild after a restore of `sessions` (npm run ops -- resync-search): as
   * resyncSearchViews, but every entry of a visited session is written whatever session version it
   * holds, and with `since` 0 the entries no session holds are deleted (search-view.rebuild.ts).
   */
  rebuildSearchViews(since: number, onProgress?: (visited: number) => void): Promise<SearchRebuildReport>;
  /**
   * Rebuilds the search entries of up to `limit` (default 100) sessions marked as lagging (their
   * entry write failed); answers how many. The composition root runs it as a slow worker.
   */
  repairSearchEntries(limit?: number): Promise<number>;
  /**
   * The operators' one-off clearing of D125-a (npm run ops -- clear-adyen-auth-reason): takes Adyen's
   * card reason (`authorisation code:last 4:expiry`, once copied from a successful AUTHORISATION) out
   * of the operations' `statusMessage` and the stored session-ended messages, raising each changed
   * session's version; with `dryRun`, only counts (maintenance/clear-adyen-card-reasons.ts).
   */
  clearAdyenCardReasons(options?: { readonly dryRun?: boolean }): Promise<CardReasonClearing>;
  close(): Promise<void>;
}

export interface CreateStoresOptions {
  /** Closes the connection behind the collections; default nothing to close. */
  readonly close?: () => Promise<void>;
  /** MONGODB_ALLOW_STANDALONE (allow-standalone.ts): a test server's missing index options are reported, not fatal. */
  readonly allowStandalone?: boolean;
  /** Hears of search entries left for the repair (store.search_entries_deferred); default none. */
  readonly logger?: Logger;
}

/** An index created without options the server has not implemented (MONGODB_ALLOW_STANDALONE only). */
export interface IndexDeparture {
  readonly collection: StoreCollectionKey;
  readonly index: string;
  readonly withoutOptions: readonly string[];
  readonly reason: string;
}

/** MongoDB's NotImplemented error code, which wire-protocol stand-ins answer for options they lack. */
const NOT_IMPLEMENTED_CODE = 238;

function isNotImplemented(error: unknown): error is Error {
  return error instanceof Error && (error as { code?: unknown }).code === NOT_IMPLEMENTED_CODE;
}

/**
 * Creates every index of the plan on the given collections. A server that has not implemented an
 * option of an index (FerretDB: partial filters, TTL) fails the start, unless `allowStandalone`: the
 * index is then created with its name and uniqueness only, and reported. A unique index refused on a
 * sharded collection (its shard key does not prefix the index) always fails the start, naming it.
 */
export async function ensureIndexes(collections: StoreCollections, options: Pick<CreateStoresOptions, 'allowStandalone'> = {}): Promise<readonly IndexDeparture[]> {
  const departures: IndexDeparture[] = [];
  for (const key of Object.keys(INDEX_PLAN) as StoreCollectionKey[]) {
    const collection = collections[key];
    for (const spec of INDEX_PLAN[key]) {
      try {
        await collection.createIndex(spec.key, spec.options);
      } catch (error) {
        if (isShardedUniqueRefusal(error)) throw shardedUniqueIndexError(COLLECTION_NAMES[key], spec.options.name, error);
        if (!options.allowStandalone || !isNotImplemented(error)) throw error;
        const { name, unique, ...dropped } = spec.options;
        await collection.createIndex(spec.key, unique ? { name, unique } : { name });
        departures.push({ collection: key, index: name, withoutOptions: Object.keys(dropped), reason: error.message });
      }
    }
  }
  return departures;
}

/** The repositories over any collections satisfying the narrow interface (driver or embedded). */
export function createStores(collections: StoreCollections, options: CreateStoresOptions = {}): MongoStores {
  const sessions = new MongoSessionRepository(collections, options.logger);
  return {
    sessions,
    merchants: new MongoMerchantAccountRepository(collections),
    chargebacks: new MongoChargebackRepository(collections),
    authCodes: new MongoAuthorizationCodeRepository(collections),
    refreshTokens: new MongoRefreshTokenRepository(collections),
    hitCounters: new MongoHitCounters(collections),
    ensureIndexes: () => ensureIndexes(collections, options),
    resyncSearchViews: (since, onProgress) => sessions.resyncSearchViews(since, onProgress),
    rebuildSearchViews: (since, onProgress) => sessions.rebuildSearchViews(since, onProgress),
    repairSearchEntries: (limit) => sessions.repairSearchEntries(limit),
    clearAdyenCardReasons: (options) => new AdyenCardReasonClearing(collections).run(options),
    close: options.close ?? (() => Promise.resolve()),
  };
}

/** The repositories on a MongoDB database (see connectMongo); `close()` closes its client. */
export function createMongoStores(db: Db, options: Pick<CreateStoresOptions, 'allowStandalone' | 'logger'> = {}): MongoStores {
  const collections = openStoreCollections(<T extends Document>(name: string) => db.collection<T>(name));
  return createStores(collections, { ...options, close: () => db.client.close() });
}
