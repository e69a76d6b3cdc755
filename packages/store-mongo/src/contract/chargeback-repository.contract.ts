import type { Chargeback } from '@splitpay/domain';
import { aChargeback, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** ChargebackRepository: dedupe by notificationId, versioned saves, leases. */
export function chargebackRepositoryContract(engine: ContractEngine): void {
  describe(`ChargebackRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const chargebacks = () => store().stores.chargebacks;
    const LEASE = 30_000;
    const next = (cb: Chargeback, changes: Partial<Chargeback> = {}): Chargeback => ({ ...cb, ...changes, version: cb.version + 1 });

    it('inserts a chargeback once and reads it back as given', async () => {
      const chargeback = aChargeback({ validUntil: '2026-03-01', status: 'opened' });
      expect(await chargebacks().insertIfAbsent(chargeback)).toBe('inserted');
      expect(await chargebacks().insertIfAbsent({ ...chargeback, reasonCode: 'other' })).toBe('duplicate');
      expect(await chargebacks().findByNotificationId(chargeback.notificationId)).toEqual(chargeback);
      expect(await chargebacks().findByNotificationId('nothing')).toBeNull();
    });

    it('inserts exactly one of 50 concurrent copies of one chargeback', async () => {
      const chargeback = aChargeback();
      const results = await Promise.all(Array.from({ length: 50 }, () => chargebacks().insertIfAbsent(chargeback)));
      expect(results.filter((r) => r === 'inserted')).toHaveLength(1);
      expect(results.filter((r) => r === 'duplicate')).toHaveLength(49);
    });

    it("lists one session's chargebacks of its merchant, oldest first, and nobody else's", async () => {
      const first = aChargeback({ receivedAt: T0 + 5 });
      const { merchantId, sessionId } = first;
      const second = aChargeback({ merchantId, sessionId, receivedAt: T0 + 9, type: 'representment' });
      await chargebacks().insertIfAbsent(second);
      await chargebacks().insertIfAbsent(first);
      await chargebacks().insertIfAbsent(aChargeback({ merchantId }));
      const sameIdElsewhere = aChargeback({ sessionId });
      await chargebacks().insertIfAbsent(sameIdElsewhere);
      expect(await chargebacks().listForSession(merchantId, sessionId)).toEqual([first, second]);
      expect(await chargebacks().listForSession(sameIdElsewhere.merchantId, sessionId)).toEqual([sameIdElsewhere]);
      expect(await chargebacks().listForSession(merchantId, aChargeback().sessionId)).toEqual([]);
    });

    it('saves over the version read, and removes fields the new value no longer has', async () => {
      const v1 = aChargeback({ dueAt: T0 });
      await chargebacks().insertIfAbsent(v1);
      const { dueAt: _due, ...rest } = v1;
      const v2: Chargeback = { ...rest, version: 2, delivery: { url: 'https://m.example/cb', notificationId: v1.notificationId, payload: { event: 'chargeback' }, failures: 0, abandoned: false, deliveredAt: T0 } };
      expect(await chargebacks().save(v2, { expectedVersion: 1 })).toBe('saved');
      expect(await chargebacks().save(next(v1), { expectedVersion: 1 })).toBe('conflict');
      expect(await chargebacks().findByNotificationId(v1.notificationId)).toEqual(v2);
      await expect(chargebacks().save({ ...v2, version: 9 }, { expectedVersion: 2 })).rejects.toThrow(/must be one more/);
    });

    it('claims due chargebacks once, earliest first, and only the holder completes or releases', async () => {
      const early = aChargeback({ dueAt: T0 });
      const late = aChargeback({ dueAt: T0 + 10 });
      await chargebacks().insertIfAbsent(late);
      await chargebacks().insertIfAbsent(early);
      await chargebacks().insertIfAbsent(aChargeback());
      const other = store().sibling().chargebacks;
      const [a, b] = await Promise.all([chargebacks().claimDue(T0, 'a', LEASE), other.claimDue(T0, 'b', LEASE)]);
      const won = [a, b].filter((c): c is Chargeback => c !== null);
      expect(won.map((c) => c.notificationId)).toEqual([early.notificationId]);
      const holder = won[0]!.lease!.owner;
      const stranger = holder === 'a' ? 'b' : 'a';
      expect(await chargebacks().save(next(won[0]!), { expectedVersion: 1, leaseOwner: stranger })).toBe('conflict');
      await chargebacks().releaseLease(early.notificationId, stranger);
      expect((await chargebacks().findByNotificationId(early.notificationId))?.lease?.owner).toBe(holder);
      expect((await chargebacks().claimDue(T0 + 20, 'c', LEASE))?.notificationId).toBe(late.notificationId);
      expect(await chargebacks().save(next(won[0]!, { dueAt: T0 + 99 }), { expectedVersion: 1, leaseOwner: holder })).toBe('saved');
      expect(await chargebacks().findByNotificationId(early.notificationId)).not.toHaveProperty('lease');
      await chargebacks().releaseLease(late.notificationId, 'c');
      expect((await chargebacks().claimDue(T0 + 20, 'd', LEASE))?.notificationId).toBe(late.notificationId);
    });

    it('renews a lease only for its holder, so that no other instance claims the chargeback until the new end', async () => {
      const v1 = aChargeback({ dueAt: T0 });
      await chargebacks().insertIfAbsent(v1);
      await chargebacks().claimDue(T0, 'a', LEASE);
      expect(await chargebacks().renewLease(v1.notificationId, 'b', T0 + LEASE - 1, LEASE)).toBe(false);
      expect(await chargebacks().renewLease(v1.notificationId, 'a', T0 + LEASE - 1, LEASE)).toBe(true);
      expect(await store().sibling().chargebacks.claimDue(T0 + 2 * LEASE - 2, 'b', LEASE)).toBeNull();
      expect((await chargebacks().claimDue(T0 + 2 * LEASE - 1, 'b', LEASE))?.lease?.owner).toBe('b');
      expect(await chargebacks().renewLease(v1.notificationId, 'a', T0 + 2 * LEASE, LEASE)).toBe(false);
    });

    it('refuses the save of a worker whose lease expired and was claimed by another', async () => {
      const v1 = aChargeback({ dueAt: T0 });
      await chargebacks().insertIfAbsent(v1);
      const seenByA = await chargebacks().claimDue(T0, 'a', LEASE);
      expect(await chargebacks().claimDue(T0 + LEASE - 1, 'b', LEASE)).toBeNull();
      const seenByB = await chargebacks().claimDue(T0 + LEASE, 'b', LEASE);
      expect(await chargebacks().save(next(seenByA!), { expectedVersion: 1, leaseOwner: 'a' })).toBe('conflict');
      expect(await chargebacks().save(next(seenByB!), { expectedVersion: 1, leaseOwner: 'b' })).toBe('saved');
    });
  });
}
