import type { AttemptStatus, Session } from '@splitpay/domain';
import { createStores } from '../create-stores';
import { sessionToDocument } from '../documents/session.document';
import { aSession, anAttempt, aTransaction, newMerchantId, nextVersion } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/**
 * The operators' rebuild of the search entries (rebuildSearchViews, `npm run ops -- resync-search`):
 * entries ahead of a restored record are put back in line with it, entries the record no longer holds
 * are deleted, and a service write racing the rebuild is not undone by it.
 */
export function searchRebuildContract(engine: ContractEngine): void {
  describe(`the operators' rebuild of the search entries on ${engine.name}`, () => {
    const store = useFreshStore(engine);

    const attemptsWith = async (session: Session, status: AttemptStatus) =>
      (await store().stores.sessions.searchAttempts({ merchantId: session.merchantId, status, limit: 10 })).items.map((hit) => hit.sessionId);

    it('after a restore of the sessions, rewrites the entries ahead of the record and deletes those it no longer holds', async () => {
      const authorization = aTransaction({ status: { kind: 'succeeded' } });
      const attempt = anAttempt({ status: 'AUTHORIZED', transactions: [authorization] });
      const v1 = aSession({ merchantId: newMerchantId(), status: 'PAID', attempts: [attempt] });
      await store().stores.sessions.insert(v1);
      const v2 = nextVersion(v1, { attempts: [{ ...attempt, status: 'VOIDED', transactions: [authorization, aTransaction({ type: 'void', status: { kind: 'succeeded' } })] }] });
      expect(await store().stores.sessions.save(v2, { expectedVersion: 1 })).toBe('saved');
      // `sessions` back at the backup point (version 1), its entries left at version 2.
      await store().collections.sessions.replaceOne({ _id: v1.id }, (({ _id, ...rest }) => rest)(sessionToDocument(v1)));

      const attemptEntry = async () => (await store().collections.attemptViews.findOne({ _id: attempt.id }))?.status;
      expect(await store().stores.resyncSearchViews(0)).toBe(1);
      expect(await attemptEntry()).toBe('VOIDED'); // the service's own rebuild keeps the newer entries
      // Searched meanwhile, the record is found under neither status: the entry no longer matches it (D155-c).
      expect(await attemptsWith(v1, 'VOIDED')).toEqual([]);
      expect(await attemptsWith(v1, 'AUTHORIZED')).toEqual([]);

      expect(await store().stores.rebuildSearchViews(0)).toEqual({ sessions: 1, removed: 1 });
      expect(await attemptEntry()).toBe('AUTHORIZED');
      expect(await attemptsWith(v1, 'AUTHORIZED')).toEqual([v1.id]);
      expect((await store().collections.transactionViews.find({ merchantId: v1.merchantId }).toArray()).map((entry) => entry._id)).toEqual([authorization.id]);
      // The next write, at version 2 again, is followed by its entries.
      expect(await store().stores.sessions.save(nextVersion(v1, { attempts: [{ ...attempt, status: 'CAPTURED' }] }), { expectedVersion: 1 })).toBe('saved');
      expect(await attemptsWith(v1, 'CAPTURED')).toEqual([v1.id]);
    });

    it('writes again from the newer version a session saved while its entries were being rewritten', async () => {
      const attempt = anAttempt({ status: 'AUTHORIZED' });
      const v1 = aSession({ merchantId: newMerchantId(), status: 'PAID', attempts: [attempt] });
      await store().stores.sessions.insert(v1);
      // The service saves version 2 (and writes its entries) just before the rebuild's write of version 1's.
      let race: (() => Promise<unknown>) | undefined = () => store().stores.sessions.save(nextVersion(v1, { attempts: [{ ...attempt, status: 'VOIDED' }] }), { expectedVersion: 1 });
      const { attemptViews } = store().collections;
      const racing = new Proxy(attemptViews, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (property !== 'bulkWrite' || typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            const before = race;
            race = undefined;
            if (before) expect(await before()).toBe('saved');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const rebuilding = createStores({ ...store().collections, attemptViews: racing });

      expect(await rebuilding.rebuildSearchViews(0)).toEqual({ sessions: 1, removed: 0 });
      expect(race).toBeUndefined();
      expect(await attemptsWith(v1, 'VOIDED')).toEqual([v1.id]);
      expect(await attemptsWith(v1, 'AUTHORIZED')).toEqual([]);
    });

    it('with a start instant, rewrites only the sessions updated since then and deletes nothing', async () => {
      const merchantId = newMerchantId();
      const old = aSession({ merchantId, updatedAt: 1_000, attempts: [anAttempt()] });
      const recent = aSession({ merchantId, updatedAt: 5_000, attempts: [anAttempt()] });
      for (const session of [old, recent]) await store().stores.sessions.insert(session);
      await store().collections.attemptViews.deleteOne({ _id: old.attempts[0]!.id });
      await store().collections.attemptViews.deleteOne({ _id: recent.attempts[0]!.id });
      expect(await store().stores.rebuildSearchViews(2_000)).toEqual({ sessions: 1 });
      expect((await store().stores.sessions.searchAttempts({ merchantId, limit: 10 })).items.map((hit) => hit.sessionId)).toEqual([recent.id]);
    });
  });
}
