import type { MongoStores } from '@splitpay/store-mongo';
import { iso, type Output } from '../output';

/**
 * Rebuilds the attempt and transaction search entries of every session updated at or after `since`,
 * through the store's own resyncSearchViews (the rebuild a service start does for the last hour).
 */
export async function resyncSearch(stores: Pick<MongoStores, 'resyncSearchViews'>, since: number, out: Output): Promise<0> {
  out.line(since > 0 ? `resync-search: sessions updated since ${iso(since)}` : 'resync-search: every session');
  const started = Date.now();
  const count = await stores.resyncSearchViews(since, (visited) => out.line(`  ${visited} sessions so far`));
  out.line(`resync-search: ${count} sessions resynced in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}
