import type { MongoStores } from '@splitpay/store-mongo';
import type { Worker } from './core';

/**
 * The worker that rebuilds the search entries a session write left lagging (its entry write failed,
 * or the process died right after the session write): one batch of marked sessions per turn.
 */
export function searchEntryRepairWorker(store: Pick<MongoStores, 'repairSearchEntries'>): Worker {
  return { name: 'search-entry-repair', runOnce: () => store.repairSearchEntries() };
}
