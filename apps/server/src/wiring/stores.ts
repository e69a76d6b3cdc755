import type { Stores } from '@splitpay/application';
import type { Clock, Logger } from '@splitpay/domain';
import type { HitCounters } from '@splitpay/http-api';
import { CachingMerchantAccountRepository } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedDatabase } from '@splitpay/store-embedded';
import { ALLOW_STANDALONE_SETTING, COLLECTION_NAMES, connectMongo, createMongoStores, type Db, type MongoStores } from '@splitpay/store-mongo';
import type { ServerConfig } from '../config';

/** The store the service runs on, and which engine serves it. */
export interface ConfiguredStores extends MongoStores {
  readonly engine: 'mongodb' | 'embedded';
}

export interface StoreWiringOptions {
  /** Embedded engine only: open this database (several instances in one process share it). */
  readonly embeddedDatabase?: EmbeddedDatabase;
  /** How the MongoDB database is reached; default connectMongo (majority writes, replica set required unless allowed). */
  readonly connect?: (uri: string, options: { readonly allowStandalone: boolean }) => Promise<Db>;
  /** Epoch ms now; default Date.now. */
  readonly now?: () => number;
  /**
   * MongoDB only: ensure the indexes and rebuild the recent search entries before answering (default
   * true, what a service start needs). The operators' commands (tools/ops) open the store without it.
   */
  readonly prepare?: boolean;
}

/** At start, search entries of sessions updated this recently are rebuilt (a crash may have left them behind). */
export const SEARCH_ENTRY_RESYNC_WINDOW_MS = 60 * 60_000;

/** `mongodb://user:password@host` -> `mongodb://user:***@host`: a connection string is never logged or thrown with its password. */
export function redactMongoUri(text: string, uri: string): string {
  const password = /^mongodb(?:\+srv)?:\/\/[^:/@]*:([^@/]*)@/.exec(uri)?.[1];
  return password ? text.split(password).join('***').split(decodeURIComponent(password)).join('***') : text;
}

/**
 * MongoDB when `config.mongodbUri` is set (indexes ensured and recent search entries rebuilt before
 * the first request), else the embedded engine (server.ts already warns that nothing survives a
 * restart).
 */
export async function createStoresFor(
  config: Pick<ServerConfig, 'mongodbUri' | 'mongodbAllowStandalone'>,
  logger: Logger,
  options: StoreWiringOptions = {},
): Promise<ConfiguredStores> {
  const uri = config.mongodbUri;
  if (!uri) {
    const stores = createEmbeddedStores({ logger, ...(options.embeddedDatabase ? { database: options.embeddedDatabase } : {}) });
    return { ...stores, engine: 'embedded' };
  }
  const allowStandalone = config.mongodbAllowStandalone ?? false;
  let db: Db;
  try {
    db = await (options.connect ?? connectMongo)(uri, { allowStandalone });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`MongoDB (MONGODB_URI) unusable: ${redactMongoUri(message, uri)}`);
  }
  const stores = createMongoStores(db, { allowStandalone, logger });
  if (options.prepare === false) return { ...stores, engine: 'mongodb' };
  try {
    if (allowStandalone) logger.warn('store.standalone_allowed', { message: `${ALLOW_STANDALONE_SETTING}=true: a standalone test server is accepted; never in production` });
    // Named as MongoDB names the collection (`rate_limit_counters`), not by the store's key for it (`hitCounters`).
    for (const departure of await stores.ensureIndexes()) logger.warn('store.index_departure', { ...departure, collection: COLLECTION_NAMES[departure.collection] });
    const since = (options.now ?? Date.now)() - SEARCH_ENTRY_RESYNC_WINDOW_MS;
    const resynced = await stores.resyncSearchViews(since);
    logger.info('store.ready', { engine: 'mongodb', database: db.databaseName, resyncedSessions: resynced });
  } catch (error) {
    await stores.close();
    throw error;
  }
  return { ...stores, engine: 'mongodb' };
}

/**
 * Where the rate limits count (docs/decisions.md D55: the payer doors' budgets, the token endpoint's
 * and the sign-in form's): on MongoDB, in its rate_limit_counters collection, one budget for every
 * instance on the database; on the embedded engine (one process), nowhere shared: each limiter keeps
 * express-rate-limit's memory store.
 */
export function sharedHitCountersOf(stores: ConfiguredStores): HitCounters | undefined {
  return stores.engine === 'mongodb' ? stores.hitCounters : undefined;
}

/**
 * The stores one instance uses: merchant accounts read through a cache of MERCHANT_ACCOUNT_CACHE_TTL_MS
 * (none at 0), the rest as given. Each instance has its own cache, so another instance's change of an
 * account is seen here at most that long later (docs/decisions.md D57).
 */
export function withMerchantAccountCache(stores: Stores, ttlMs: number, clock: Clock): Stores {
  if (ttlMs <= 0) return stores;
  return {
    sessions: stores.sessions,
    merchants: new CachingMerchantAccountRepository(stores.merchants, { clock, ttlMs }),
    chargebacks: stores.chargebacks,
    authCodes: stores.authCodes,
    refreshTokens: stores.refreshTokens,
  };
}
