import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { KeysetPosition, MerchantId, Session, SessionId } from '@splitpay/domain';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { splitOrderFactory } from './domain-lifecycle.bench';
import { measure, type Figures } from './figures';
import { fixed, type GoalFigure } from './goals';

/** A full collection, so that heap figures hold live objects only. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  (runInNewContext('gc') as () => void)();
}

const PAGE = 20;
const DEPTH = 1_000;

/**
 * The repositories on the embedded engine (the default of `npm start` and of the tests): inserts of
 * paid two-tranche sessions (2 attempts, 4 transactions each), the heap they hold, reads by id and by
 * elements token digest, optimistic saves, claims, and keyset transaction pages, the first and the
 * one at depth 1,000.
 */
export async function benchEmbeddedStore(sessionCount: number): Promise<{ figures: Figures[]; goals: GoalFigure[] }> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const stores = createEmbeddedStores();
  const makeSession = splitOrderFactory('bench-merchant');
  const merchantId = 'bench-merchant' as MerchantId;
  // Only ids and digests are kept outside the store, so the heap grows by what the store holds.
  const ids: SessionId[] = [];
  const digests: string[] = [];
  const orderIds: string[] = [];

  const figures: Figures[] = [];
  figures.push(
    await measure(`store: insert paid session (${sessionCount})`, sessionCount, 1, async () => {
      const session: Session = makeSession();
      ids.push(session.id);
      digests.push(session.elementsTokenHash);
      orderIds.push(session.orderId);
      await stores.sessions.insert(session);
    }),
  );
  collectGarbage();
  const heapPerSession = (process.memoryUsage().heapUsed - heapBefore) / sessionCount;

  figures.push(await measure('store: find session by id', 5_000, 1, async (i) => void (await stores.sessions.findById(ids[i % sessionCount]!))));
  figures.push(await measure('store: find session by elements token digest', 5_000, 1, async (i) => void (await stores.sessions.findByElementsTokenHash(digests[i % sessionCount]!))));
  figures.push(
    await measure('store: optimistic save', 3_000, 1, async (i) => {
      const current = (await stores.sessions.findById(ids[i % sessionCount]!))!;
      await stores.sessions.save({ ...current, version: current.version + 1, updatedAt: current.updatedAt + 1 }, { expectedVersion: current.version });
    }),
  );
  figures.push(await measure('store: claimDue with nothing due', 3_000, 1, async () => void (await stores.sessions.claimDue(0, 'bench', 30_000))));
  figures.push(await measure('store: session search by orderId', 2_000, 1, async (i) => void (await stores.sessions.searchSessions({ merchantId, orderId: orderIds[i % sessionCount]!, limit: PAGE }))));

  // The position of page DEPTH, reached by walking; then the first page and that page, read alike.
  let deep: KeysetPosition | undefined;
  for (let page = 1; page < DEPTH; page++) {
    deep = (await stores.sessions.searchTransactions({ merchantId, limit: PAGE, ...(deep ? { after: deep } : {}) })).next;
    if (!deep) throw new Error(`only ${page} pages of transactions: store more sessions`);
  }
  const first = await measure(`store: transaction search, first page`, 2_000, 1, async () => void (await stores.sessions.searchTransactions({ merchantId, limit: PAGE })));
  const atDepth = await measure(`store: transaction search, page ${DEPTH}`, 2_000, 1, async () => void (await stores.sessions.searchTransactions({ merchantId, limit: PAGE, after: deep! })));
  figures.push(first, atDepth);
  const depthRatio = atDepth.p50Ms / first.p50Ms;

  return {
    figures,
    goals: [
      { goal: 'embedded store: heap per stored session', figure: `${fixed(heapPerSession / 1024, 2)} KB (${fixed(sessionCount)} paid sessions)`, target: '<= 8 KB', met: heapPerSession <= 8 * 1024 },
      { goal: 'embedded store: insert of a paid session', figure: `${fixed(figures[0]!.p50Ms * 1000)} us p50, ${fixed(figures[0]!.perSecond)}/s`, target: '(context)' },
      {
        goal: `transaction search: page ${DEPTH} vs first`,
        figure: `${fixed(atDepth.p50Ms * 1000)} us vs ${fixed(first.p50Ms * 1000)} us = ${fixed(depthRatio, 2)}x`,
        target: '<= 1.5x',
        met: depthRatio <= 1.5,
      },
    ],
  };
}
