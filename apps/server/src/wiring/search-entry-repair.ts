import type { MongoStores } from '@splitpay/store-mongo';
import type { Worker } from './core';

/**
 * How often each instance looks for marked sessions: a mark is left only when an entry write failed
 * (a store fault), so the scan is rare work on a nearly empty partial index, and the search lags that
 * session's change by at most this long.
 */
export const SEARCH_ENTRY_REPAIR_INTERVAL_MS = 30_000;

/**
 * The worker that rebuilds the search entries a session write left lagging (its entry write failed
 * and the session was marked): one batch of marked sessions per turn.
 */
export function searchEntryRepairWorker(store: Pick<MongoStores, 'repairSearchEntries'>): Worker {
  return { name: 'search-entry-repair', intervalMs: SEARCH_ENTRY_REPAIR_INTERVAL_MS, runOnce: () => store.repairSearchEntries() };
}
