import {
  COLLECTION_NAMES,
  createStores,
  INDEX_PLAN,
  openStoreCollections,
  type CreateStoresOptions,
  type Document,
  type MongoStores,
  type StoreCollectionKey,
} from '@splitpay/store-mongo';
import { EmbeddedDatabase, type EmbeddedDatabaseOptions } from './engine/embedded-database';

/** The embedded store: the MongoDB repositories over in-memory collections, plus its database. */
export interface EmbeddedStores extends MongoStores {
  readonly database: EmbeddedDatabase;
}

export interface EmbeddedStoresOptions extends EmbeddedDatabaseOptions {
  /** An existing database to open (stores of several instances on one database); default a new one. */
  readonly database?: EmbeddedDatabase;
  /** Hears of search entries left for the repair, as on MongoDB (CreateStoresOptions.logger). */
  readonly logger?: CreateStoresOptions['logger'];
}

/**
 * The same repositories as on MongoDB (store-mongo's), over the embedded engine. Every index of the
 * plan is declared at once, so queries are audited from the first call.
 */
export function createEmbeddedStores(options: EmbeddedStoresOptions = {}): EmbeddedStores {
  const database = options.database ?? new EmbeddedDatabase(options);
  for (const key of Object.keys(INDEX_PLAN) as StoreCollectionKey[]) {
    const collection = database.collection(COLLECTION_NAMES[key]);
    for (const spec of INDEX_PLAN[key]) collection.declareIndex(spec.key, spec.options);
  }
  const stores = createStores(
    openStoreCollections(<T extends Document>(name: string) => database.collection<T>(name)),
    options.logger ? { logger: options.logger } : {},
  );
  return { ...stores, database };
}
