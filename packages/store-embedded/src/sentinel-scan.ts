import type { EmbeddedDatabase } from './engine/embedded-database';

/** Where a sentinel string was found in a stored document. */
export interface SentinelHit {
  readonly sentinel: string;
  readonly collection: string;
  readonly documentId: unknown;
  /** JSON-path-like location, e.g. `$.attempts[0].transactions[1].ack.message`; `(key)` marks a field name. */
  readonly path: string;
}

function* occurrences(value: unknown, path: string): Generator<{ path: string; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (typeof value === 'number' || typeof value === 'bigint') yield { path, text: String(value) };
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* occurrences(item, `${path}[${i}]`);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      yield { path: `${path}.${key}(key)`, text: key };
      yield* occurrences(inner, `${path}.${key}`);
    }
  }
}

/**
 * Dumps every collection of an embedded store and answers where any of `sentinels` appears (inside
 * any string or number value, or any field name). Integration tests push a card number, a payment
 * token, a secret... through a flow and expect `[]`.
 */
export function scanForSentinels(store: { readonly database: EmbeddedDatabase } | EmbeddedDatabase, sentinels: readonly string[]): SentinelHit[] {
  const database = 'database' in store ? store.database : store;
  const wanted = sentinels.filter((s) => s.length > 0);
  const hits: SentinelHit[] = [];
  for (const collection of database.listCollections()) {
    for (const doc of collection.dump()) {
      for (const { path, text } of occurrences(doc, '$')) {
        for (const sentinel of wanted) {
          if (text.includes(sentinel)) hits.push({ sentinel, collection: collection.name, documentId: doc._id, path });
        }
      }
    }
  }
  return hits;
}
