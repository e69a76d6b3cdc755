import { COLLECTION_NAMES, INDEX_PLAN, type Db, type IndexSpec, type StoreCollectionKey } from '@splitpay/store-mongo';
import type { Output } from '../output';
import { indexDifferences, type FoundIndex } from './index-differences';

/** MongoDB's NamespaceNotFound: listIndexes of a collection that does not exist. */
const NAMESPACE_NOT_FOUND = 26;

async function indexesOf(db: Db, collection: string): Promise<Map<string, FoundIndex>> {
  try {
    const indexes = await db.collection(collection).listIndexes().toArray();
    return new Map(indexes.map((index) => [String(index.name), index as unknown as FoundIndex]));
  } catch (error) {
    if ((error as { code?: unknown }).code === NAMESPACE_NOT_FOUND) return new Map();
    throw error;
  }
}

/**
 * The name of a present index holding `key` under another name: MongoDB refuses to create an index
 * whose key an existing one holds under another name, so the service start would fail on it.
 */
function otherNameOfKey(key: IndexSpec['key'], present: ReadonlyMap<string, FoundIndex>): string | undefined {
  const planned = JSON.stringify(key);
  for (const [name, index] of present) if (JSON.stringify(index.key) === planned) return name;
  return undefined;
}

export interface CheckOptions {
  /** MONGODB_ALLOW_STANDALONE: an index lacking only a partial filter or TTL (a test server's) is reported, not a finding. */
  readonly allowStandalone?: boolean;
}

/**
 * Reads, changes nothing: the database's collections with their document counts, then every index
 * of INDEX_PLAN, by name and by definition (key, unique, partial filter, TTL), the missing, the
 * differing ones and those present by key under another name listed (the service creates missing ones
 * at start; its start fails on the other two, which an operator drops). 1 when one is found.
 */
export async function check(db: Db, out: Output, options: CheckOptions = {}): Promise<0 | 1> {
  out.line(`check: database ${db.databaseName}`);
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of collections) out.line(`  ${name}: ${await db.collection(name).countDocuments({})} documents`);
  if (collections.length === 0) out.line('  (no collections)');

  let planned = 0;
  let missing = 0;
  let renamed = 0;
  let differing = 0;
  let departing = 0;
  for (const key of Object.keys(INDEX_PLAN) as StoreCollectionKey[]) {
    const collection = COLLECTION_NAMES[key];
    const present = await indexesOf(db, collection);
    for (const spec of INDEX_PLAN[key]) {
      planned++;
      const name = `${collection}.${spec.options.name}`;
      const found = present.get(spec.options.name);
      const sameKey = found ? undefined : otherNameOfKey(spec.key, present);
      if (sameKey) {
        renamed++;
        out.line(
          `  index ${name} is present under another name, ${sameKey} (same key): a service start fails on it (Index already exists with a different name); drop ${sameKey}, and the next start creates ${name} as planned`,
        );
        continue;
      }
      if (!found) {
        missing++;
        out.line(`  missing index ${name}`);
        continue;
      }
      const differences = indexDifferences(spec, found);
      if (differences.length === 0) continue;
      if (options.allowStandalone && differences.every((d) => d.optionDropped)) {
        departing++;
        out.line(`  index ${name}: created without ${differences.map((d) => d.what).join(', ')} (MONGODB_ALLOW_STANDALONE: the server lacks it)`);
        continue;
      }
      differing++;
      out.line(`  index ${name} differs from the plan: ${differences.map((d) => `${d.what} planned ${d.planned}, found ${d.found}`).join('; ')}`);
    }
  }
  if (missing === 0 && differing === 0 && renamed === 0) {
    const departures = departing > 0 ? `, ${departing} of them without options this server lacks (MONGODB_ALLOW_STANDALONE)` : '';
    out.line(`check: all ${planned} indexes of the store are present${departures}`);
    return 0;
  }
  const findings = [
    ...(missing > 0 ? [`${missing} of ${planned} indexes missing (a service start creates them)`] : []),
    ...(renamed > 0 ? [`${renamed} of ${planned} indexes present under another name (a service start fails on them: drop each, and the next start creates it as planned)`] : []),
    ...(differing > 0 ? [`${differing} of ${planned} indexes differ from the plan (a service start on MongoDB fails on them: drop each, and the next start creates it as planned)`] : []),
  ];
  out.line(`check: ${findings.join('; ')}`);
  return 1;
}
