import type { Logger } from '@splitpay/domain';
import { ConfigError, readConfig, type ServerConfig } from '@splitpay/server/src/config';
import { createStoresFor, type ConfiguredStores } from '@splitpay/server/src/wiring/stores';
import { connectMongo, type Db } from '@splitpay/store-mongo';
import { storeAbsence } from './store-presence';

/** A command's way out: its report is written, this says the exit code and why. */
export class CommandExit extends Error {
  constructor(
    readonly code: 1 | 2,
    message: string,
  ) {
    super(message);
    this.name = 'CommandExit';
  }
}

export interface OpenedStore {
  readonly config: ServerConfig;
  readonly stores: ConfiguredStores;
  /** The database the stores are on (`check` lists its collections and indexes). */
  readonly db: Db;
}

/**
 * The service's settings (apps/server's readConfig, so MONGODB_URI, MONGODB_ALLOW_STANDALONE, STORE...
 * mean what they mean to the service) and its store wiring, without preparing anything: no index is
 * created and no search entry rebuilt (prepare: false). The embedded store lives inside a service
 * process, so there is nothing here to work on: refused (exit 2); so is a database holding none of the
 * store's collections (storeAbsence, D157-e).
 */
export async function openStore(logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<OpenedStore> {
  let config: ServerConfig;
  try {
    config = readConfig(env);
  } catch (error) {
    const problems = error instanceof ConfigError ? error.problems.join('\n') : error instanceof Error ? error.message : String(error);
    throw new CommandExit(2, `the service's settings cannot be used:\n${problems}`);
  }
  if (!config.mongodbUri) {
    throw new CommandExit(2, 'no MONGODB_URI: these commands work on a MongoDB deployment only; the embedded store lives inside the service process, which is the only one that can reach it');
  }
  let db: Db | undefined;
  const stores = await createStoresFor(config, logger, {
    prepare: false,
    connect: async (uri, options) => (db = await connectMongo(uri, options)),
  });
  if (!db) throw new Error('createStoresFor opened MongoDB without connecting');
  const absent = await storeAbsence(db).catch(async (error: unknown) => {
    await stores.close();
    throw error;
  });
  if (absent) {
    await stores.close();
    throw new CommandExit(2, absent);
  }
  return { config, stores, db };
}
