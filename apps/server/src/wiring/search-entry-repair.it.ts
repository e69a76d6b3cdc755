import type { SessionView } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { createStores, openStoreCollections } from '@splitpay/store-mongo';
import { failingEntryWrites } from '@splitpay/store-mongo/src/contract/failing-entry-writes';
import { call } from '../../test/support/merchant-api-calls';
import { useService } from '../../test/support/use-service';

jest.setTimeout(30_000);

/** An embedded database, and repositories on it whose search-entry writes fail on demand. */
const database = createEmbeddedStores().database;
const entries = failingEntryWrites(openStoreCollections((name) => database.collection(name)));
const storeLogger = new CapturingLogger();

describe('search entries a failed entry write left behind, over HTTP', () => {
  const h = useService({ stores: createStores(entries.collections, { logger: storeLogger }) });

  it('answers the payment as usual, lists no operation under a status it no longer has, and once the repair worker has run, GET /api/transactions?status= finds each operation by its status', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'entries-lost', methods: [{ method: 'card' }] });
    const started = await page.payByCard('card', 2_000);
    expect(started.status).toBe(201);
    // From here on every entry write fails: the verdict and the capture are stored, their entries are not.
    entries.failNext(Number.MAX_SAFE_INTEGER);
    const paid = await page.waitFor((view: SessionView) => view.status === 'PAID');
    expect(paid.attempts[0]).toMatchObject({ status: 'CAPTURED' });
    entries.failNext(0);
    expect(storeLogger.named('store.search_entries_deferred').length).toBeGreaterThan(0);

    const token = await h.clientToken();
    const byStatus = async (status: string) => {
      const res = await call(h.app, 'get', `/api/transactions?orderId=entries-lost&status=${status}`, { token });
      expect(res.status).toBe(200);
      return (res.body.transactions as { transaction: { type: string; status: { kind: string } } }[]).map((hit) => [hit.transaction.type, hit.transaction.status.kind]);
    };
    // The lag the repair exists for: the succeeded authorization's entry still says pending. The
    // search is late (nothing found as succeeded yet), never contradicting its own filter (D155-c).
    expect(await byStatus('pending')).toEqual([]);
    expect(await byStatus('succeeded')).toEqual([]);

    // Marks are rare (a failed entry write), so the repair runs on its own slow tick, not the 250 ms one.
    expect(h.instance.workers.find((worker) => worker.name === 'search-entry-repair')?.intervalMs).toBe(30_000);
    await h.runWorkers();
    expect(await byStatus('pending')).toEqual([]);
    expect((await byStatus('succeeded')).sort()).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });
});
