import { COLLECTION_NAMES, type Db } from '@splitpay/store-mongo';

/**
 * Why `db` is not a store to work on, or undefined when it holds one of the store's collections (a
 * service start creates them all, with their indexes). A mistyped database name in MONGODB_URI opens
 * an empty database that every command would read as a store with nothing in it (D157-e). Names the
 * database, never the URI (it may carry a password).
 */
export async function storeAbsence(db: Db): Promise<string | undefined> {
  const present = (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
  if (Object.values(COLLECTION_NAMES).some((name) => present.includes(name))) return undefined;
  if (present.length === 0) return `database ${db.databaseName} does not exist or is empty: check MONGODB_URI`;
  return `database ${db.databaseName} holds none of the service's collections (${present.length} others): check MONGODB_URI`;
}
