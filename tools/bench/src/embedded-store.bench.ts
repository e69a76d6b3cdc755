import type { KeysetPosition, MerchantId, Session } from '@splitpay/domain';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { splitOrderFactory } from './domain-lifecycle.bench';
import { measure, printMemory, type Figures } from './figures';

/**
 * The repositories on the embedded engine (the default of `npm start` and of the tests): inserts,
 * reads by id and by elements token digest, optimistic saves, claims, and keyset transaction pages.
 */
export async function benchEmbeddedStore(sessionCount = 3_000): Promise<Figures[]> {
  const stores = createEmbeddedStores();
  const makeSession = splitOrderFactory('bench-merchant');
  const sessions: Session[] = Array.from({ length: sessionCount }, () => makeSession());
  const merchantId = 'bench-merchant' as MerchantId;

  const figures: Figures[] = [];
  figures.push(await measure(`store: insert session (${sessionCount})`, sessionCount, 1, (i) => stores.sessions.insert(sessions[i]!)));
  figures.push(await measure('store: find session by id', 5_000, 1, async (i) => void (await stores.sessions.findById(sessions[i % sessionCount]!.id))));
  figures.push(
    await measure('store: find session by elements token digest', 5_000, 1, async (i) => void (await stores.sessions.findByElementsTokenHash(sessions[i % sessionCount]!.elementsTokenHash))),
  );
  figures.push(
    await measure('store: optimistic save', 3_000, 1, async (i) => {
      const current = (await stores.sessions.findById(sessions[i % sessionCount]!.id))!;
      await stores.sessions.save({ ...current, version: current.version + 1, updatedAt: current.updatedAt + 1 }, { expectedVersion: current.version });
    }),
  );
  figures.push(await measure('store: claimDue with nothing due', 3_000, 1, async () => void (await stores.sessions.claimDue(0, 'bench', 30_000))));
  let after: KeysetPosition | undefined;
  figures.push(
    await measure('store: transaction search page (limit 20, walking)', 500, 1, async () => {
      const page = await stores.sessions.searchTransactions({ merchantId, limit: 20, ...(after ? { after } : {}) });
      after = page.next;
    }),
  );
  figures.push(await measure('store: session search by orderId', 2_000, 1, async (i) => void (await stores.sessions.searchSessions({ merchantId, orderId: sessions[i % sessionCount]!.orderId, limit: 20 }))));
  printMemory(`embedded store with ${sessionCount} sessions`);
  return figures;
}
