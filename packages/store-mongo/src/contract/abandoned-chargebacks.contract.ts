import type { Chargeback, Delivery, MerchantId } from '@splitpay/domain';
import { aChargeback, newMerchantId, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

const MINUTE = 60_000;

/** A chargeback of `merchantId` whose message is in a given state. */
function withDelivery(merchantId: MerchantId, state: Partial<Delivery>): Chargeback {
  const chargeback = aChargeback({ merchantId });
  const delivery: Delivery = { url: 'https://merchant.example/cb', notificationId: chargeback.notificationId, payload: { event: 'chargeback' }, failures: 0, abandoned: false, ...state };
  return { ...chargeback, delivery };
}

const abandonedAt = (merchantId: MerchantId, at: number) => withDelivery(merchantId, { failures: 4, abandoned: true, firstFailedAt: at });

/** ChargebackRepository.findAbandonedDeliveries: the operators' replay of chargeback messages. */
export function abandonedChargebacksContract(engine: ContractEngine): void {
  describe(`ChargebackRepository abandoned deliveries on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const chargebacks = () => store().stores.chargebacks;
    const ids = (page: { items: readonly Chargeback[] }) => page.items.map((c) => c.notificationId);

    it("finds only the merchant's abandoned chargeback messages whose first failure is in the window, oldest first", async () => {
      const shop = newMerchantId();
      const [early, inside1, inside2, late] = [-10, 5, 1, 60].map((minutes) => abandonedAt(shop, T0 + minutes * MINUTE));
      const others = [
        withDelivery(shop, { failures: 2, firstFailedAt: T0 + 2 * MINUTE, nextAttemptAt: T0 + 7 * MINUTE }), // still owed
        withDelivery(shop, { deliveredAt: T0 + 3 * MINUTE }), // delivered
        aChargeback({ merchantId: shop }), // no chargeback address: no message
        abandonedAt(newMerchantId(), T0 + 3 * MINUTE), // another merchant's
      ];
      for (const chargeback of [early!, inside1!, inside2!, late!, ...others]) await chargebacks().insertIfAbsent(chargeback);

      const page = await chargebacks().findAbandonedDeliveries({ merchantId: shop, from: T0, to: T0 + 60 * MINUTE, limit: 10 });
      expect(ids(page)).toEqual([inside2!.notificationId, inside1!.notificationId]);
      expect(page.items[0]).toEqual(inside2);
      expect(page.next).toBeUndefined();
      expect(ids(await chargebacks().findAbandonedDeliveries({ merchantId: shop, limit: 10 }))).toEqual([early, inside2, inside1, late].map((c) => c!.notificationId));
    });

    it('pages by the first failure then the notificationId, ties included, and forgets one once re-armed', async () => {
      const shop = newMerchantId();
      const same = Array.from({ length: 3 }, () => abandonedAt(shop, T0));
      const later = abandonedAt(shop, T0 + MINUTE);
      for (const chargeback of [...same, later]) await chargebacks().insertIfAbsent(chargeback);
      const expected = [...same.map((c) => c.notificationId).sort(), later.notificationId];

      const first = await chargebacks().findAbandonedDeliveries({ merchantId: shop, limit: 2 });
      expect(first.next).toEqual({ firstFailedAt: T0, notificationId: expected[1] });
      const second = await chargebacks().findAbandonedDeliveries({ merchantId: shop, limit: 2, after: first.next! });
      expect([...ids(first), ...ids(second)]).toEqual(expected);
      expect(second.next).toBeUndefined();

      const { firstFailedAt: _f, ...owedAgain } = later.delivery!;
      const rearmed: Chargeback = { ...later, delivery: { ...owedAgain, failures: 0, abandoned: false, nextAttemptAt: T0 + 2 * MINUTE }, dueAt: T0 + 2 * MINUTE, version: later.version + 1 };
      expect(await chargebacks().save(rearmed, { expectedVersion: later.version })).toBe('saved');
      expect(ids(await chargebacks().findAbandonedDeliveries({ merchantId: shop, limit: 10 }))).toEqual(expected.slice(0, 3));
    });
  });
}
