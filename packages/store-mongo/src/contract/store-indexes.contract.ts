import { aSession } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** What the composition root does with the store at every start. */
export function storeIndexesContract(engine: ContractEngine): void {
  describe(`store indexes on ${engine.name}`, () => {
    const store = useFreshStore(engine);

    it('creates its indexes again at a restart without error, and they still refuse duplicates', async () => {
      await store().stores.ensureIndexes();
      await store().stores.ensureIndexes();
      const first = aSession();
      await store().stores.sessions.insert(first);
      await expect(store().stores.sessions.insert(aSession({ elementsTokenHash: first.elementsTokenHash }))).rejects.toMatchObject({ code: 11000 });
    });
  });
}
