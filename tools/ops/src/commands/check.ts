import { COLLECTION_NAMES, INDEX_PLAN, type Db, type StoreCollectionKey } from '@splitpay/store-mongo';
import type { Output } from '../output';

/** MongoDB's NamespaceNotFound: listIndexes of a collection that does not exist. */
const NAMESPACE_NOT_FOUND = 26;

async function indexNamesOf(db: Db, collection: string): Promise<Set<string>> {
  try {
    const indexes = await db.collection(collection).listIndexes().toArray();
    return new Set(indexes.map((index) => String(index.name)));
  } catch (error) {
    if ((error as { code?: unknown }).code === NAMESPACE_NOT_FOUND) return new Set();
    throw error;
  }
}

/**
 * Reads, changes nothing: the database's collections with their document counts, then every index
 * of INDEX_PLAN by name, the missing ones listed (the service creates them at start). 1 when one is missing.
 */
export async function check(db: Db, out: Output): Promise<0 | 1> {
  out.line(`check: database ${db.databaseName}`);
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of collections) out.line(`  ${name}: ${await db.collection(name).countDocuments({})} documents`);
  if (collections.length === 0) out.line('  (no collections)');

  const missing: string[] = [];
  let planned = 0;
  for (const key of Object.keys(INDEX_PLAN) as StoreCollectionKey[]) {
    const collection = COLLECTION_NAMES[key];
    const present = await indexNamesOf(db, collection);
    for (const spec of INDEX_PLAN[key]) {
      planned++;
      if (!present.has(spec.options.name)) missing.push(`${collection}.${spec.options.name}`);
    }
  }
  for (const index of missing) out.line(`  missing index ${index}`);
  out.line(missing.length === 0 ? `check: all ${planned} indexes of the store are present` : `check: ${missing.length} of ${planned} indexes missing (a service start creates them)`);
  return missing.length === 0 ? 0 : 1;
}
