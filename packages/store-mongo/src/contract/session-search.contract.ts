import type { Attempt, AttemptSearch, KeysetPosition, MerchantId, Page, Session, Transaction, TransactionSearch } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createStores } from '../create-stores';
import { failingEntryWrites } from './failing-entry-writes';
import { aSession, anAttempt, aTransaction, newMerchantId, nextVersion, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';
import { sessionToDocument } from '../documents/session.document';
import { SearchViewWriter } from '../search/search-view.writer';

/** Reads every page, calling `between` before each page after the first; answers the items in order. */
async function walk<T>(read: (after?: KeysetPosition) => Promise<Page<T>>, between: () => Promise<void> = async () => {}): Promise<T[]> {
  const items: T[] = [];
  let page = await read();
  items.push(...page.items);
  while (page.next) {
    await between();
    page = await read(page.next);
    items.push(...page.items);
  }
  return items;
}

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The three searches: filters, merchant scope, keyset pages, and entries that follow every save. */
export function sessionSearchContract(engine: ContractEngine): void {
  describe(`SessionRepository searches on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const sessions = () => store().stores.sessions;

    async function seedSessions(merchantId: MerchantId, count: number): Promise<Session[]> {
      const created: Session[] = [];
      for (let i = 0; i < count; i++) {
        const session = aSession({
          merchantId,
          createdAt: T0 + Math.floor(i / 3),
          orderId: i % 4 === 0 ? 'order-x' : `order-${i}`,
          status: i % 2 === 0 ? 'PENDING' : 'PAID',
        });
        await sessions().insert(session);
        created.push(session);
      }
      return created;
    }

    it('finds sessions newest first, by order, status and window, never another merchant\'s', async () => {
      const merchantId = newMerchantId();
      const mine = await seedSessions(merchantId, 12);
      await seedSessions(newMerchantId(), 5);
      const ids = (page: Page<Session>) => page.items.map((s) => s.id);
      const expected = (keep: (s: Session) => boolean) => mine.filter(keep).sort(newestFirst).map((s) => s.id);

      expect(ids(await sessions().searchSessions({ merchantId, limit: 100 }))).toEqual(expected(() => true));
      expect(ids(await sessions().searchSessions({ merchantId, orderId: 'order-x', limit: 100 }))).toEqual(expected((s) => s.orderId === 'order-x'));
      expect(ids(await sessions().searchSessions({ merchantId, status: 'PAID', limit: 100 }))).toEqual(expected((s) => s.status === 'PAID'));
      expect(ids(await sessions().searchSessions({ merchantId, orderId: 'order-x', status: 'PENDING', limit: 100 }))).toEqual(
        expected((s) => s.orderId === 'order-x' && s.status === 'PENDING'),
      );
      expect(ids(await sessions().searchSessions({ merchantId, from: T0 + 1, to: T0 + 3, limit: 100 }))).toEqual(
        expected((s) => s.createdAt >= T0 + 1 && s.createdAt < T0 + 3),
      );
      expect((await sessions().searchSessions({ merchantId: newMerchantId(), limit: 100 })).items).toEqual([]);
      expect(await sessions().searchSessions({ merchantId, limit: 100 })).not.toHaveProperty('next');
    });

    it('walks session pages with every session once, in order, ties on createdAt broken by id', async () => {
      const merchantId = newMerchantId();
      const mine = await seedSessions(merchantId, 23);
      const walked = await walk((after) => sessions().searchSessions({ merchantId, limit: 5, ...(after ? { after } : {}) }));
      expect(walked.map((s) => s.id)).toEqual([...mine].sort(newestFirst).map((s) => s.id));
      const windowed = await walk((after) => sessions().searchSessions({ merchantId, from: T0 + 2, to: T0 + 6, limit: 4, ...(after ? { after } : {}) }));
      expect(windowed.map((s) => s.id)).toEqual(mine.filter((s) => s.createdAt >= T0 + 2 && s.createdAt < T0 + 6).sort(newestFirst).map((s) => s.id));
    });

    it('refuses a page size below one', async () => {
      await expect(sessions().searchSessions({ merchantId: newMerchantId(), limit: 0 })).rejects.toThrow(RangeError);
    });

    it('finds attempts by every filter, with their session context, and follows saves', async () => {
      const merchantId = newMerchantId();
      const a1 = anAttempt({ createdAt: T0 + 1, status: 'AUTHORIZED', cardScheme: 'visa' });
      const a2 = anAttempt({ createdAt: T0 + 2, method: 'paypal', methodId: 'paypal', provider: 'psp2', status: 'DECLINED' });
      const a3 = anAttempt({ createdAt: T0 + 3, status: 'CAPTURED' });
      const s1 = aSession({ merchantId, orderId: 'o1', attempts: [a1, a2] });
      const s2 = aSession({ merchantId, orderId: 'o2', attempts: [a3] });
      await sessions().insert(s1);
      await sessions().insert(s2);
      await sessions().insert(aSession({ attempts: [anAttempt({ createdAt: T0 + 4 })] }));
      const ids = async (filter: Omit<Partial<AttemptSearch>, 'merchantId' | 'limit'>) =>
        (await sessions().searchAttempts({ merchantId, limit: 100, ...filter })).items.map((hit) => hit.attempt.id);

      const all = await sessions().searchAttempts({ merchantId, limit: 100 });
      expect(all.items).toEqual([
        { sessionId: s2.id, merchantId, orderId: 'o2', attempt: a3 },
        { sessionId: s1.id, merchantId, orderId: 'o1', attempt: a2 },
        { sessionId: s1.id, merchantId, orderId: 'o1', attempt: a1 },
      ]);
      expect(await ids({ orderId: 'o1' })).toEqual([a2.id, a1.id]);
      expect(await ids({ sessionId: s2.id })).toEqual([a3.id]);
      expect(await ids({ status: 'DECLINED' })).toEqual([a2.id]);
      expect(await ids({ method: 'paypal' })).toEqual([a2.id]);
      expect(await ids({ provider: 'fake' })).toEqual([a3.id, a1.id]);
      expect(await ids({ from: T0 + 2, to: T0 + 3 })).toEqual([a2.id]);
      expect(await ids({ orderId: 'o1', status: 'AUTHORIZED' })).toEqual([a1.id]);

      const captured: Attempt = { ...a1, status: 'CAPTURED' };
      await sessions().save(nextVersion(s1, { attempts: [captured, a2] }), { expectedVersion: 1 });
      expect(await ids({ status: 'AUTHORIZED' })).toEqual([]);
      expect(await ids({ status: 'CAPTURED' })).toEqual([a3.id, a1.id]);
      expect((await sessions().searchAttempts({ merchantId, sessionId: s1.id, status: 'CAPTURED', limit: 10 })).items[0]?.attempt).toEqual(captured);
    });

    it('finds transactions by every filter, with their session and attempt context, and follows saves', async () => {
      const merchantId = newMerchantId();
      const auth = aTransaction({ createdAt: T0 + 1, providerRef: 'ref-auth', status: { kind: 'succeeded' } });
      const capture = aTransaction({ createdAt: T0 + 2, type: 'capture', status: { kind: 'pending' } });
      const attempt = anAttempt({ provider: 'adyen', cardScheme: 'mastercard', transactions: [auth, capture] });
      const other = aTransaction({ createdAt: T0 + 3, providerRef: 'ref-other', status: { kind: 'failed' } });
      const wallet = anAttempt({ method: 'paypal', methodId: 'paypal', provider: 'paypal', transactions: [other] });
      const s1 = aSession({ merchantId, orderId: 'o1', attempts: [attempt] });
      const s2 = aSession({ merchantId, orderId: 'o2', attempts: [wallet] });
      await sessions().insert(s1);
      await sessions().insert(s2);
      await sessions().insert(aSession({ orderId: 'o1', attempts: [anAttempt({ transactions: [aTransaction({ providerRef: 'ref-auth' })] })] }));
      const ids = async (filter: Omit<Partial<TransactionSearch>, 'merchantId' | 'limit'>) =>
        (await sessions().searchTransactions({ merchantId, limit: 100, ...filter })).items.map((hit) => hit.transaction.id);

      const all = await sessions().searchTransactions({ merchantId, limit: 100 });
      expect(all.items).toEqual([
        { sessionId: s2.id, merchantId, orderId: 'o2', attemptId: wallet.id, method: 'paypal', provider: 'paypal', transaction: other },
        { sessionId: s1.id, merchantId, orderId: 'o1', attemptId: attempt.id, method: 'card', provider: 'adyen', cardScheme: 'mastercard', transaction: capture },
        { sessionId: s1.id, merchantId, orderId: 'o1', attemptId: attempt.id, method: 'card', provider: 'adyen', cardScheme: 'mastercard', transaction: auth },
      ]);
      expect(await ids({ orderId: 'o1' })).toEqual([capture.id, auth.id]);
      expect(await ids({ providerRef: 'ref-auth' })).toEqual([auth.id]);
      expect(await ids({ status: 'failed' })).toEqual([other.id]);
      expect(await ids({ from: T0 + 1, to: T0 + 3 })).toEqual([capture.id, auth.id]);
      expect(await ids({ orderId: 'o1', status: 'pending' })).toEqual([capture.id]);

      const settled: Transaction = { ...capture, providerRef: 'ref-cap', status: { kind: 'succeeded', statusCode: '00' } };
      await sessions().save(nextVersion(s1, { attempts: [{ ...attempt, transactions: [auth, settled] }] }), { expectedVersion: 1 });
      expect(await ids({ status: 'pending' })).toEqual([]);
      expect(await ids({ providerRef: 'ref-cap' })).toEqual([capture.id]);
      expect((await sessions().searchTransactions({ merchantId, providerRef: 'ref-cap', limit: 1 })).items[0]?.transaction).toEqual(settled);
    });

    it('narrows transactions by provider and by type, with every other filter and across keyset pages', async () => {
      const merchantId = newMerchantId();
      const card = anAttempt({
        provider: 'adyen',
        transactions: [
          aTransaction({ createdAt: T0 + 1, type: 'authorization', status: { kind: 'succeeded' } }),
          aTransaction({ createdAt: T0 + 2, type: 'capture', providerRef: 'ref-cap', status: { kind: 'succeeded' } }),
          aTransaction({ createdAt: T0 + 3, type: 'refund', status: { kind: 'pending' } }),
        ],
      });
      const wallet = anAttempt({
        method: 'paypal',
        methodId: 'paypal',
        provider: 'paypal',
        transactions: [
          aTransaction({ createdAt: T0 + 2, type: 'payment', status: { kind: 'succeeded' } }),
          aTransaction({ createdAt: T0 + 4, type: 'refund', status: { kind: 'failed' } }),
        ],
      });
      await sessions().insert(aSession({ merchantId, orderId: 'o1', attempts: [card] }));
      await sessions().insert(aSession({ merchantId, orderId: 'o2', attempts: [wallet] }));
      await sessions().insert(aSession({ attempts: [anAttempt({ provider: 'adyen', transactions: [aTransaction({ type: 'refund' })] })] }));
      const [auth, capture, cardRefund] = card.transactions;
      const [payment, walletRefund] = wallet.transactions;
      const ids = async (filter: Omit<Partial<TransactionSearch>, 'merchantId' | 'limit'>, limit = 100) =>
        (await walk((after) => sessions().searchTransactions({ merchantId, limit, ...filter, ...(after ? { after } : {}) }))).map((hit) => hit.transaction.id);

      expect(await ids({ provider: 'adyen' })).toEqual([cardRefund!.id, capture!.id, auth!.id]);
      expect(await ids({ provider: 'paypal' })).toEqual([walletRefund!.id, payment!.id]);
      expect(await ids({ provider: 'nobody' })).toEqual([]);
      expect(await ids({ type: 'refund' })).toEqual([walletRefund!.id, cardRefund!.id]);
      expect(await ids({ type: 'void' })).toEqual([]);
      expect(await ids({ provider: 'adyen', type: 'refund' })).toEqual([cardRefund!.id]);
      expect(await ids({ provider: 'adyen', status: 'succeeded', orderId: 'o1' })).toEqual([capture!.id, auth!.id]);
      expect(await ids({ type: 'capture', providerRef: 'ref-cap' })).toEqual([capture!.id]);
      expect(await ids({ provider: 'paypal', from: T0 + 1, to: T0 + 3 })).toEqual([payment!.id]);
      expect(await ids({ provider: 'adyen' }, 1)).toEqual([cardRefund!.id, capture!.id, auth!.id]);
      expect(await ids({ type: 'refund' }, 1)).toEqual([walletRefund!.id, cardRefund!.id]);

      // A transaction added by a save is found by its type at once.
      const current = (await sessions().findById((await sessions().searchTransactions({ merchantId, provider: 'paypal', limit: 1 })).items[0]!.sessionId))!;
      const voided = aTransaction({ createdAt: T0 + 5, type: 'void' });
      await sessions().save(nextVersion(current, { attempts: [{ ...wallet, transactions: [...wallet.transactions, voided] }] }), { expectedVersion: 1 });
      expect(await ids({ type: 'void', provider: 'paypal' })).toEqual([voided.id]);
    });

    it('matches an entry written before entries named provider and type only once it is rebuilt (resync-search)', async () => {
      const merchantId = newMerchantId();
      const transaction = aTransaction({ createdAt: T0 + 6, type: 'capture', status: { kind: 'succeeded' } });
      const attempt = anAttempt({ provider: 'worldline', transactions: [transaction] });
      const session = aSession({ merchantId, orderId: 'o-old', updatedAt: T0 + 6, attempts: [attempt] });
      await sessions().insert(session);
      await store().collections.transactionViews.replaceOne(
        { _id: transaction.id },
        { merchantId, sessionId: session.id, attemptId: attempt.id, orderId: 'o-old', createdAt: T0 + 6, statusKind: 'succeeded', sessionVersion: 1 },
      );
      const ids = async (filter: Omit<Partial<TransactionSearch>, 'merchantId' | 'limit'>) =>
        (await sessions().searchTransactions({ merchantId, limit: 10, ...filter })).items.map((hit) => hit.transaction.id);
      expect(await ids({})).toEqual([transaction.id]);
      expect(await ids({ provider: 'worldline' })).toEqual([]);
      expect(await ids({ type: 'capture' })).toEqual([]);
      expect(await store().stores.resyncSearchViews(0)).toBeGreaterThanOrEqual(1);
      expect(await ids({ provider: 'worldline' })).toEqual([transaction.id]);
      expect(await ids({ type: 'capture', provider: 'worldline' })).toEqual([transaction.id]);
    });

    it('walks 250 transactions with limit 7: each exactly once, in order, while new ones are created', async () => {
      const merchantId = newMerchantId();
      const seeded: Session[] = [];
      for (let i = 0; i < 50; i++) {
        // Groups of three transactions share one instant, across sessions, so ties are broken by id.
        const transactions = Array.from({ length: 5 }, (_, j) => aTransaction({ createdAt: T0 + Math.floor((j * 50 + i) / 3) }));
        const session = aSession({ merchantId, createdAt: T0 - 1, attempts: [anAttempt({ transactions })] });
        await sessions().insert(session);
        seeded.push(session);
      }
      const expected = seeded
        .flatMap((s) => s.attempts.flatMap((a) => a.transactions))
        .sort(newestFirst)
        .map((t) => t.id);
      expect(expected).toHaveLength(250);

      let page = 0;
      const createMeanwhile = async () => {
        page++;
        const later = T0 + 10_000 + page;
        await sessions().insert(aSession({ merchantId, createdAt: later, attempts: [anAttempt({ transactions: [aTransaction({ createdAt: later })] })] }));
        const target = seeded[page % seeded.length]!;
        const current = (await sessions().findById(target.id))!;
        const [attempt] = current.attempts;
        const refund = aTransaction({ type: 'refund', createdAt: later });
        const moved = attempt!.transactions.map((t, j) => (j === 0 ? { ...t, status: { kind: 'succeeded' as const } } : t));
        await sessions().save(nextVersion(current, { attempts: [{ ...attempt!, transactions: [...moved, refund] }] }), { expectedVersion: current.version });
      };
      const walked = await walk(
        (after) => sessions().searchTransactions({ merchantId, limit: 7, ...(after ? { after } : {}) }),
        createMeanwhile,
      );
      expect(page).toBe(Math.ceil(250 / 7) - 1);
      expect(walked.map((hit) => hit.transaction.id)).toEqual(expected);

      const everything = await walk((after) => sessions().searchTransactions({ merchantId, limit: 7, ...(after ? { after } : {}) }));
      expect(everything).toHaveLength(250 + 2 * page);
      expect(new Set(everything.map((hit) => hit.transaction.id)).size).toBe(everything.length);
      // Hundreds of round trips: a wire-protocol stand-in that scans collections (FerretDB) needs the time.
    }, 120_000);

    it('never lets the entries of an older session version replace newer ones, and writes the missing ones in the same call', async () => {
      const merchantId = newMerchantId();
      const t1 = aTransaction({ createdAt: T0 + 1 });
      const t2 = aTransaction({ createdAt: T0 + 2 });
      const attempt = anAttempt({ createdAt: T0 + 1, transactions: [t1, t2] });
      const v1 = aSession({ merchantId, attempts: [attempt] });
      await sessions().insert(v1);
      const settled: Transaction = { ...t1, status: { kind: 'succeeded', statusCode: '00' } };
      await sessions().save(nextVersion(v1, { attempts: [{ ...attempt, status: 'CAPTURED', transactions: [settled, t2] }] }), { expectedVersion: 1 });
      await store().collections.transactionViews.deleteOne({ _id: t2.id });

      // A late writer (another instance) that read version 1 writes its entries now: t1's and the
      // attempt's collide with newer ones and lose; t2's, missing, is written all the same.
      await new SearchViewWriter(store().collections).sync(sessionToDocument(v1));
      const transactions = async (query: Partial<TransactionSearch>) =>
        (await sessions().searchTransactions({ merchantId, limit: 10, ...query })).items.map((hit) => hit.transaction.id);
      const attempts = async (query: Partial<AttemptSearch>) => (await sessions().searchAttempts({ merchantId, limit: 10, ...query })).items.map((hit) => hit.attempt.id);
      expect(await transactions({ status: 'succeeded' })).toEqual([t1.id]);
      expect(await transactions({ status: 'pending' })).toEqual([t2.id]);
      expect(await attempts({ status: 'CAPTURED' })).toEqual([attempt.id]);
      expect(await attempts({ status: 'AUTHORIZING' })).toEqual([]);
    });

    it('never lets an older session version replace a newer entry of the earlier shape (an instance not yet upgraded wrote it)', async () => {
      const merchantId = newMerchantId();
      const transaction = aTransaction({ createdAt: T0 + 1 });
      const attempt = anAttempt({ createdAt: T0 + 1, transactions: [transaction] });
      const v1 = aSession({ merchantId, attempts: [attempt] });
      await sessions().insert(v1);
      // An instance of the earlier version saved version 2 (the capture succeeded) and wrote its entry
      // without provider and type; the upgraded writer's late sync of version 1 must not win over it.
      const v2 = nextVersion(v1, { attempts: [{ ...attempt, transactions: [{ ...transaction, status: { kind: 'succeeded' } }] }] });
      await store().collections.sessions.replaceOne({ _id: v1.id }, (({ _id, ...rest }) => rest)(sessionToDocument(v2)));
      await store().collections.transactionViews.replaceOne(
        { _id: transaction.id },
        { merchantId, sessionId: v1.id, attemptId: attempt.id, orderId: v1.orderId, createdAt: T0 + 1, statusKind: 'succeeded', sessionVersion: 2 },
      );
      await new SearchViewWriter(store().collections).sync(sessionToDocument(v1));
      const ids = async (query: Partial<TransactionSearch>) =>
        (await sessions().searchTransactions({ merchantId, limit: 10, ...query })).items.map((hit) => hit.transaction.id);
      expect(await ids({ status: 'succeeded' })).toEqual([transaction.id]);
      expect(await ids({ status: 'pending' })).toEqual([]);
    });

    it('answers an entry written before hits named their provider with the provider of the attempt it belongs to', async () => {
      const merchantId = newMerchantId();
      const transaction = aTransaction({ createdAt: T0 + 5, providerRef: 'ref-old', status: { kind: 'succeeded' } });
      const attempt = anAttempt({ provider: 'worldline', transactions: [transaction] });
      const session = aSession({ merchantId, orderId: 'o-old', attempts: [attempt] });
      await sessions().insert(session);
      // The entry exactly as earlier versions wrote it: what the search filters and orders on, no
      // method, scheme or provider. The hit is read from the session, so no resync is needed.
      await store().collections.transactionViews.replaceOne(
        { _id: transaction.id },
        { merchantId, sessionId: session.id, attemptId: attempt.id, orderId: 'o-old', createdAt: T0 + 5, statusKind: 'succeeded', providerRef: 'ref-old', sessionVersion: 1 },
      );
      const [hit] = (await sessions().searchTransactions({ merchantId, providerRef: 'ref-old', status: 'succeeded', limit: 10 })).items;
      expect(hit).toEqual({ sessionId: session.id, merchantId, orderId: 'o-old', attemptId: attempt.id, method: 'card', provider: 'worldline', transaction });
    });

    it('rebuilds the search entries a crash left behind', async () => {
      const merchantId = newMerchantId();
      const transaction = aTransaction({ createdAt: T0 + 7 });
      const attempt = anAttempt({ createdAt: T0 + 7, transactions: [transaction] });
      const session = aSession({ merchantId, updatedAt: T0 + 7, attempts: [attempt] });
      await sessions().insert(session);
      await store().collections.transactionViews.deleteOne({ _id: transaction.id });
      await store().collections.attemptViews.deleteOne({ _id: attempt.id });
      expect((await sessions().searchTransactions({ merchantId, limit: 10 })).items).toEqual([]);
      expect(await store().stores.resyncSearchViews(T0 + 7)).toBe(1);
      expect((await sessions().searchTransactions({ merchantId, limit: 10 })).items.map((h) => h.transaction.id)).toEqual([transaction.id]);
      expect((await sessions().searchAttempts({ merchantId, limit: 10 })).items.map((h) => h.attempt.id)).toEqual([attempt.id]);
      expect(await store().stores.resyncSearchViews(T0 + 8)).toBe(0);
    });

    describe('a filtered page over entries that lag their session (D155-d)', () => {
      /** A pending refund at `createdAt`, stored and searchable as pending. */
      async function pendingAt(merchantId: MerchantId, createdAt: number): Promise<Session> {
        const session = aSession({ merchantId, createdAt, attempts: [anAttempt({ transactions: [aTransaction({ createdAt })] })] });
        await sessions().insert(session);
        return session;
      }
      /** A pending refund at `createdAt` that then succeeded, its entries' write failed: they still say pending. */
      async function laggingAt(merchantId: MerchantId, createdAt: number): Promise<void> {
        const tx = aTransaction({ createdAt });
        const attempt = anAttempt({ transactions: [tx] });
        const session = aSession({ merchantId, createdAt, attempts: [attempt] });
        const entries = failingEntryWrites(store().collections);
        const flaky = createStores(entries.collections, { logger: new CapturingLogger() });
        await flaky.sessions.insert(session);
        entries.failNext(2);
        const succeeded = nextVersion(session, { attempts: [{ ...attempt, status: 'AUTHORIZED', transactions: [{ ...tx, status: { kind: 'succeeded' } }] }] });
        expect(await flaky.sessions.save(succeeded, { expectedVersion: 1 })).toBe('saved');
      }
      const pendingPage = (merchantId: MerchantId, after?: KeysetPosition) => sessions().searchTransactions({ merchantId, status: 'pending', limit: 1, ...(after ? { after } : {}) });

      it('reads on past the dropped hits: the page holds the older match, and no next cursor once the rows run out', async () => {
        const merchantId = newMerchantId();
        const older = await pendingAt(merchantId, T0);
        await laggingAt(merchantId, T0 + 1);
        await laggingAt(merchantId, T0 + 2);
        const page = await pendingPage(merchantId);
        expect(page.items.map((hit) => hit.transaction.id)).toEqual([older.attempts[0]!.transactions[0]!.id]);
        expect(page.next).toBeUndefined();
      });

      it('a full page ends at the last entry it used, so the next page misses none', async () => {
        const merchantId = newMerchantId();
        const older = await pendingAt(merchantId, T0);
        await laggingAt(merchantId, T0 + 1);
        const newer = await pendingAt(merchantId, T0 + 2);
        const first = await pendingPage(merchantId);
        expect(first.items.map((hit) => hit.transaction.id)).toEqual([newer.attempts[0]!.transactions[0]!.id]);
        const second = await pendingPage(merchantId, first.next);
        expect(second.items.map((hit) => hit.transaction.id)).toEqual([older.attempts[0]!.transactions[0]!.id]);
        expect(second.next).toBeUndefined();
      });

      it('is empty with a next cursor only after four batches of lagging entries, and that cursor leads on', async () => {
        const merchantId = newMerchantId();
        const older = await pendingAt(merchantId, T0);
        for (let i = 1; i <= 4; i++) await laggingAt(merchantId, T0 + i);
        const first = await pendingPage(merchantId);
        expect(first.items).toEqual([]);
        expect(first.next).toBeDefined();
        const second = await pendingPage(merchantId, first.next);
        expect(second.items.map((hit) => hit.transaction.id)).toEqual([older.attempts[0]!.transactions[0]!.id]);
      });
    });
  });
}
