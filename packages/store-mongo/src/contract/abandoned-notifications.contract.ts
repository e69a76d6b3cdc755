import type { Delivery, MerchantId, Session } from '@splitpay/domain';
import { aSession, newMerchantId, nextVersion, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

const MINUTE = 60_000;

/** A session-ended delivery in a given state (`firstFailedAt` present once a try failed). */
function delivery(state: Partial<Delivery>): Delivery {
  return { url: 'https://merchant.example/hook', notificationId: 'n', payload: { event: 'session-ended' }, failures: 0, abandoned: false, ...state };
}

function ended(merchantId: MerchantId, state?: Partial<Delivery>): Session {
  return aSession({
    merchantId,
    status: 'PAID',
    endedAt: T0,
    notification: { url: 'https://merchant.example/hook', ...(state ? { delivery: delivery(state) } : {}) },
  });
}

/** SessionRepository.findAbandonedNotifications: the operators' replay after a merchant's endpoint was down. */
export function abandonedNotificationsContract(engine: ContractEngine): void {
  describe(`SessionRepository abandoned notifications on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const sessions = () => store().stores.sessions;

    it('finds only the merchant\'s abandoned notifications whose first failure is in the window, oldest first', async () => {
      const shop = newMerchantId();
      const abandonedAt = (minutes: number) => ended(shop, { failures: 4, abandoned: true, firstFailedAt: T0 + minutes * MINUTE });
      const [early, inside1, inside2, late] = [abandonedAt(-10), abandonedAt(5), abandonedAt(1), abandonedAt(60)];
      const others = [
        ended(shop, { failures: 2, abandoned: false, firstFailedAt: T0 + 2 * MINUTE, nextAttemptAt: T0 + 7 * MINUTE }), // still owed
        ended(shop, { failures: 0, abandoned: false, deliveredAt: T0 + 3 * MINUTE }), // delivered
        ended(shop), // no message
        aSession({ merchantId: shop }), // not ended
        ended(newMerchantId(), { failures: 4, abandoned: true, firstFailedAt: T0 + 3 * MINUTE }), // another merchant's
      ];
      for (const session of [early!, inside1!, inside2!, late!, ...others]) await sessions().insert(session);

      const page = await sessions().findAbandonedNotifications({ merchantId: shop, from: T0, to: T0 + 60 * MINUTE, limit: 10 });
      expect(page.items.map((s) => s.id)).toEqual([inside2!.id, inside1!.id]);
      expect(page.items[0]).toEqual(inside2);
      expect(page.next).toBeUndefined();

      const all = await sessions().findAbandonedNotifications({ merchantId: shop, limit: 10 });
      expect(all.items.map((s) => s.id)).toEqual([early!.id, inside2!.id, inside1!.id, late!.id]);
    });

    it('pages by the first failure then the id, ties included, and forgets a notification once replayed', async () => {
      const shop = newMerchantId();
      const same = Array.from({ length: 3 }, () => ended(shop, { failures: 4, abandoned: true, firstFailedAt: T0 }));
      const later = ended(shop, { failures: 4, abandoned: true, firstFailedAt: T0 + MINUTE });
      for (const session of [...same, later]) await sessions().insert(session);
      const expected = [...same.map((s) => s.id).sort(), later.id];

      const seen: string[] = [];
      let page = await sessions().findAbandonedNotifications({ merchantId: shop, limit: 2 });
      seen.push(...page.items.map((s) => s.id));
      expect(page.next).toEqual({ firstFailedAt: T0, id: expected[1] });
      page = await sessions().findAbandonedNotifications({ merchantId: shop, limit: 2, after: page.next! });
      seen.push(...page.items.map((s) => s.id));
      expect(seen).toEqual(expected);
      expect(page.next).toBeUndefined();

      // Re-armed (a replay): no longer abandoned, no longer found.
      const rearmed = nextVersion(later, { notification: { url: 'https://merchant.example/hook', delivery: delivery({ nextAttemptAt: T0 + 2 * MINUTE }) } });
      expect(await sessions().save(rearmed, { expectedVersion: later.version })).toBe('saved');
      const after = await sessions().findAbandonedNotifications({ merchantId: shop, limit: 10 });
      expect(after.items.map((s) => s.id)).toEqual(expected.slice(0, 3));
    });
  });
}
