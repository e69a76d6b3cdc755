import type { MongoStores } from '@splitpay/store-mongo';
import { iso, type Output } from '../output';

/**
 * Rebuilds the attempt and transaction search entries of every session updated at or after `since`
 * through the store's rebuildSearchViews: unlike the start's resync, each entry is written from the
 * record whatever version it holds (entries ahead of a restored record are put back in line), and a
 * rebuild of every session deletes the entries the record no longer holds.
 */
export async function resyncSearch(stores: Pick<MongoStores, 'rebuildSearchViews'>, since: number, out: Output): Promise<0> {
  out.line(since > 0 ? `resync-search: sessions updated since ${iso(since)}` : 'resync-search: every session');
  const started = Date.now();
  const report = await stores.rebuildSearchViews(since, (visited) => out.line(`  ${visited} sessions so far`));
  if (report.removed !== undefined) out.line(`resync-search: ${report.removed} search entries removed (their session no longer holds them)`);
  out.line(`resync-search: ${report.sessions} sessions resynced in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}
