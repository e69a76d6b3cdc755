import { openStoreCollections } from '@splitpay/store-mongo';
import { describeStoreContract, type ContractEngine } from '@splitpay/store-mongo/src/contract';
import { createEmbeddedStores } from './create-embedded-stores';

/**
 * The store contract on the embedded engine: every query must be served by a declared index. Twice:
 * as the service runs it, and with no document kept unpacked (every read and write goes through the
 * packed form).
 */
const embedded = (hotDocuments?: number): ContractEngine => ({
  name: hotDocuments === undefined ? 'the embedded engine' : `the embedded engine, ${hotDocuments} documents unpacked`,
  async open() {
    const stores = createEmbeddedStores({ unindexedQueries: 'throw', ...(hotDocuments !== undefined ? { hotDocuments } : {}) });
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
});

describeStoreContract(embedded());
describeStoreContract(embedded(0));
