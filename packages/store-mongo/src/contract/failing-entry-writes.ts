import type { StoreCollections } from '../collections';

/** The store's collections, whose next `failures` search-entry writes fail as a dropped connection would. */
export interface FailingEntryWrites {
  readonly collections: StoreCollections;
  /** Makes the next `count` entry writes (attempt or transaction entries) fail. */
  failNext(count?: number): void;
}

/**
 * Wraps the two entry collections so that their bulk writes (how every entry is written) can be made
 * to fail after the session document was written: what a network error, a primary stepping down or a
 * process dying between the two writes leaves.
 */
export function failingEntryWrites(collections: StoreCollections): FailingEntryWrites {
  let failures = 0;
  const failing = <C extends object>(collection: C): C =>
    new Proxy(collection, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property !== 'bulkWrite') return (value as (...a: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          if (failures > 0) {
            failures--;
            return Promise.reject(Object.assign(new Error('connection reset (injected)'), { name: 'MongoNetworkError' }));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return {
    collections: { ...collections, attemptViews: failing(collections.attemptViews), transactionViews: failing(collections.transactionViews) },
    failNext(count = 1) {
      failures = count;
    },
  };
}
