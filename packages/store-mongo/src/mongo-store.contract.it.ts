import { randomBytes } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { MongoMemoryReplSet } from 'mongodb-memory-server-core';
import { openStoreCollections } from './collections';
import { parseAllowStandalone } from './allow-standalone';
import { mongoClientFor } from './connect-mongo';
import { createStores } from './create-stores';
import { describeStoreContract } from './contract';
import { resolveMongoTarget } from './contract/mongo-target';

/**
 * The store contract on a real server, never a faked driver: MONGODB_URI when set (a replica set, or a
 * standalone test server such as FerretDB with MONGODB_ALLOW_STANDALONE=true), else a
 * mongodb-memory-server replica set, else skipped with one loud line saying why.
 */
const target = resolveMongoTarget();
const allowStandalone = parseAllowStandalone(process.env.MONGODB_ALLOW_STANDALONE);

if (target.kind === 'skip') {
  // The loud line is printed once per run by jest.global-setup.ts (jest drops a skipped suite's console output).
  describe.skip('store contract on MongoDB', () => {
    it('runs every repository method on a real mongod', () => undefined);
  });
} else {
  let replSet: MongoMemoryReplSet | undefined;
  let client: MongoClient | undefined;

  beforeAll(async () => {
    if (target.kind === 'memory-replset') replSet = await MongoMemoryReplSet.create({ replSet: { count: 1, storageEngine: 'wiredTiger' } });
    client = mongoClientFor(target.kind === 'uri' ? target.uri : replSet!.getUri());
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await replSet?.stop();
  });

  describeStoreContract({
    name: target.kind === 'uri' ? 'MongoDB (MONGODB_URI)' : 'MongoDB (memory replica set)',
    gaps: target.kind === 'uri' ? target.gaps : [],
    async open() {
      if (!client) throw new Error('MongoDB client not connected');
      const db = client.db(`splitpay_contract_${randomBytes(6).toString('hex')}`);
      const collections = openStoreCollections((name) => db.collection(name));
      const stores = createStores(collections, { allowStandalone });
      await stores.ensureIndexes();
      return {
        stores,
        collections,
        sibling: () => createStores(collections, { allowStandalone }),
        dispose: async () => {
          await db.dropDatabase();
        },
      };
    },
  });
}
