import type { StoreCollections } from '../collections';

/** The store's collections, whose search-entry writes (and the marks left for their repair) fail on demand. */
export interface FailingEntryWrites {
  readonly collections: StoreCollections;
  /** Makes the next `count` entry writes (attempt or transaction entries) fail. */
  failNext(count?: number): void;
  /** Makes the next `count` single-document updates of sessions (how a session is marked) fail. */
  failMarks(count?: number): void;
  /** How many writes the sessions collection was sent so far (inserts and updates of any kind). */
  sessionWrites(): number;
}

const SESSION_WRITES = new Set<PropertyKey>(['insertOne', 'updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'bulkWrite']);

/**
 * Wraps the two entry collections so that their bulk writes (how every entry is written) can be made
 * to fail after the session document was written: what a network error or a primary stepping down
 * between the two writes leaves. The sessions collection is wrapped to count its writes and to fail
 * the mark on demand.
 */
export function failingEntryWrites(collections: StoreCollections): FailingEntryWrites {
  let failures = 0;
  let markFailures = 0;
  let sessionWrites = 0;
  const injected = () => Promise.reject(Object.assign(new Error('connection reset (injected)'), { name: 'MongoNetworkError' }));
  const wrap = <C extends object>(collection: C, around: (property: PropertyKey, call: () => unknown) => unknown): C =>
    new Proxy(collection, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => around(property, () => (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  const entries = <C extends object>(collection: C): C =>
    wrap(collection, (property, call) => {
      if (property === 'bulkWrite' && failures > 0) {
        failures--;
        return injected();
      }
      return call();
    });
  const sessions = wrap(collections.sessions, (property, call) => {
    if (SESSION_WRITES.has(property)) sessionWrites++;
    if (property === 'updateOne' && markFailures > 0) {
      markFailures--;
      return injected();
    }
    return call();
  });
  return {
    collections: { ...collections, sessions, attemptViews: entries(collections.attemptViews), transactionViews: entries(collections.transactionViews) },
    failNext(count = 1) {
      failures = count;
    },
    failMarks(count = 1) {
      markFailures = count;
    },
    sessionWrites: () => sessionWrites,
  };
}
