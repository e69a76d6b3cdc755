import { randomBytes } from 'node:crypto';
import type { Logger } from '@splitpay/domain';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { connectMongo, type MongoStores } from '@splitpay/store-mongo';
import { readConfig } from '../../src/config';
import { createStoresFor } from '../../src/wiring/stores';

/**
 * Set to `mongodb` by the jest project "service on MongoDB" (jest.config.ts, present when MONGODB_URI
 * is): the service suites of that project then keep their data on MONGODB_URI instead of the
 * embedded engine.
 */
export const TEST_STORE_ENV = 'SPLITPAY_TEST_STORE';

export function testStoreEngine(): 'embedded' | 'mongodb' {
  return process.env[TEST_STORE_ENV] === 'mongodb' ? 'mongodb' : 'embedded';
}

export interface TestStores {
  readonly stores: MongoStores;
  /** Drops the test's database (MongoDB) and closes its client. */
  dispose(): Promise<void>;
}

/**
 * The store of one test service: a new embedded one, or a fresh database on MONGODB_URI opened the
 * way the server opens its own (createStoresFor: MONGODB_ALLOW_STANDALONE, indexes, resync).
 */
export async function openTestStores(logger: Logger): Promise<TestStores> {
  if (testStoreEngine() === 'embedded') return { stores: createEmbeddedStores(), dispose: async () => undefined };
  const config = readConfig(process.env);
  if (!config.mongodbUri) throw new Error(`${TEST_STORE_ENV}=mongodb needs MONGODB_URI`);
  const dbName = `splitpay_service_${randomBytes(6).toString('hex')}`;
  const stores = await createStoresFor(config, logger, { connect: (uri, options) => connectMongo(uri, { ...options, dbName }) });
  return {
    stores,
    async dispose() {
      const { MongoClient } = await import('mongodb');
      const client = new MongoClient(config.mongodbUri!);
      await client.db(dbName).dropDatabase();
      await client.close();
      await stores.close();
    },
  };
}
