import type { CreationIdempotency, MerchantId, Session } from '@splitpay/domain';
import { aSession, newMerchantId } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

type KeyedSession = Session & { readonly idempotency: CreationIdempotency };

/** Idempotent creation (docs/decisions.md D63): one session per merchant and idempotency key. */
export function keyedInsertContract(engine: ContractEngine): void {
  describe(`SessionRepository keyed inserts on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const sessions = () => store().stores.sessions;
    const keyed = (merchantId: MerchantId, key: string, requestDigest = 'digest-a'): KeyedSession =>
      aSession({ merchantId, idempotency: { key, requestDigest, tokenSalt: `salt-${Math.random()}` } }) as KeyedSession;

    it('stores a keyed session and reads it back with its key, digest and salt', async () => {
      const session = keyed(newMerchantId(), 'order-42');
      expect(await sessions().insertKeyed(session)).toEqual({ kind: 'inserted' });
      expect(await sessions().findById(session.id)).toEqual(session);
    });

    it("answers the merchant's session under that key and stores nothing more, whatever the new body", async () => {
      const merchantId = newMerchantId();
      const first = keyed(merchantId, 'order-42');
      await sessions().insertKeyed(first);
      const twin = keyed(merchantId, 'order-42', 'digest-b');
      expect(await sessions().insertKeyed(twin)).toEqual({ kind: 'existing', session: first });
      expect(await sessions().findById(twin.id)).toBeNull();
      expect(await store().collections.sessions.find({ merchantId }).toArray()).toHaveLength(1);
    });

    it("scopes a key to its merchant: another merchant's same key, and another key, are sessions of their own", async () => {
      const merchantId = newMerchantId();
      await sessions().insertKeyed(keyed(merchantId, 'order-42'));
      expect(await sessions().insertKeyed(keyed(newMerchantId(), 'order-42'))).toEqual({ kind: 'inserted' });
      expect(await sessions().insertKeyed(keyed(merchantId, 'order-43'))).toEqual({ kind: 'inserted' });
    });

    it('never makes sessions created without a key collide, and stores no key field for them', async () => {
      const merchantId = newMerchantId();
      const plain = aSession({ merchantId });
      await sessions().insert(plain);
      await sessions().insert(aSession({ merchantId }));
      await sessions().insertKeyed(keyed(merchantId, 'order-42'));
      await sessions().insert(aSession({ merchantId }));
      const stored = await store().collections.sessions.findOne({ _id: plain.id });
      expect(stored).not.toHaveProperty('idempotency');
    });

    it('stores one session of ten concurrent twins sent through two instances, and answers it to the nine others', async () => {
      const merchantId = newMerchantId();
      const other = store().sibling().sessions;
      const twins = Array.from({ length: 10 }, () => keyed(merchantId, 'order-42'));
      const results = await Promise.all(twins.map((twin, i) => (i % 2 === 0 ? sessions() : other).insertKeyed(twin)));
      const winners = twins.filter((_, i) => results[i]!.kind === 'inserted');
      expect(winners).toHaveLength(1);
      for (const result of results) if (result.kind === 'existing') expect(result.session).toEqual(winners[0]);
      expect(await store().collections.sessions.find({ merchantId }).toArray()).toHaveLength(1);
    });

    it("finds the merchant's session under a key (a keyed creation its rules refused, D69), and no other", async () => {
      const merchantId = newMerchantId();
      const first = keyed(merchantId, 'order-42');
      await sessions().insertKeyed(first);
      await sessions().insert(aSession({ merchantId }));
      expect(await sessions().findByIdempotencyKey(merchantId, 'order-42')).toEqual(first);
      expect(await store().sibling().sessions.findByIdempotencyKey(merchantId, 'order-42')).toEqual(first);
      expect(await sessions().findByIdempotencyKey(merchantId, 'order-43')).toBeNull();
      expect(await sessions().findByIdempotencyKey(newMerchantId(), 'order-42')).toBeNull();
    });

    it('lets a duplicate that is not the key fail as it would without one (E11000)', async () => {
      const first = keyed(newMerchantId(), 'order-42');
      await sessions().insertKeyed(first);
      await expect(sessions().insertKeyed({ ...keyed(newMerchantId(), 'order-43'), id: first.id })).rejects.toMatchObject({ code: 11000 });
    });
  });
}
