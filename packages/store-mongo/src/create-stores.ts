import type { Stores } from '@splitpay/application';
import type { Db, Document } from 'mongodb';
import { openStoreCollections, type StoreCollectionKey, type StoreCollections } from './collections';
import { INDEX_PLAN } from './index-plan';
import { MongoAuthorizationCodeRepository, MongoRefreshTokenRepository } from './repositories/mongo-auth-grant.repository';
import { MongoChargebackRepository } from './repositories/mongo-chargeback.repository';
import { MongoMerchantAccountRepository } from './repositories/mongo-merchant-account.repository';
import { MongoSessionRepository } from './repositories/mongo-session.repository';

/** The repositories of one store, plus what the composition root does with the store itself. */
export interface MongoStores extends Stores {
  readonly sessions: MongoSessionRepository;
  /** Creates every index of INDEX_PLAN (idempotent); run once at start, before serving. */
  ensureIndexes(): Promise<void>;
  /**
   * Rebuilds the attempt and transaction search entries of sessions updated at or after `since`
   * (epoch ms), repairing what a crash between a session write and its entries left behind. Returns
   * how many sessions were visited.
   */
  resyncSearchViews(since: number): Promise<number>;
  close(): Promise<void>;
}

export interface CreateStoresOptions {
  /** Closes the connection behind the collections; default nothing to close. */
  readonly close?: () => Promise<void>;
}

/** Creates every index of the plan on the given collections. */
export async function ensureIndexes(collections: StoreCollections): Promise<void> {
  const keys = Object.keys(INDEX_PLAN) as StoreCollectionKey[];
  for (const key of keys) {
    const collection = collections[key];
    for (const spec of INDEX_PLAN[key]) await collection.createIndex(spec.key, spec.options);
  }
}

/** The repositories over any collections satisfying the narrow interface (driver or embedded). */
export function createStores(collections: StoreCollections, options: CreateStoresOptions = {}): MongoStores {
  const sessions = new MongoSessionRepository(collections);
  return {
    sessions,
    merchants: new MongoMerchantAccountRepository(collections),
    chargebacks: new MongoChargebackRepository(collections),
    authCodes: new MongoAuthorizationCodeRepository(collections),
    refreshTokens: new MongoRefreshTokenRepository(collections),
    ensureIndexes: () => ensureIndexes(collections),
    resyncSearchViews: (since) => sessions.resyncSearchViews(since),
    close: options.close ?? (() => Promise.resolve()),
  };
}

/** The repositories on a MongoDB database (see connectMongo); `close()` closes its client. */
export function createMongoStores(db: Db): MongoStores {
  const collections = openStoreCollections(<T extends Document>(name: string) => db.collection<T>(name));
  return createStores(collections, { close: () => db.client.close() });
}
