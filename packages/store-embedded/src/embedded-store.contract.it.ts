import { openStoreCollections } from '@splitpay/store-mongo';
import { describeStoreContract, type ContractEngine } from '@splitpay/store-mongo/src/contract';
import { createEmbeddedStores } from './create-embedded-stores';

/** The store contract on the embedded engine: every query must be served by a declared index. */
const embedded: ContractEngine = {
  name: 'the embedded engine',
  async open() {
    const stores = createEmbeddedStores({ unindexedQueries: 'throw' });
    await stores.ensureIndexes();
    const { database } = stores;
    return {
      stores,
      collections: openStoreCollections((name) => database.collection(name)),
      sibling: () => createEmbeddedStores({ database }),
      dispose: async () => {
        expect(database.audit.unindexed()).toEqual([]);
      },
    };
  },
};

describeStoreContract(embedded);
