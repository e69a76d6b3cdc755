import { MongoClient, type Db } from 'mongodb';
import { ALLOW_STANDALONE_SETTING } from './allow-standalone';

/** Database used when the URI names none. */
export const DEFAULT_DATABASE = 'splitpay';

export interface ConnectMongoOptions {
  /** Database name; default the one in the URI path, else DEFAULT_DATABASE. */
  readonly dbName?: string;
  /**
   * Accept a standalone server (MONGODB_ALLOW_STANDALONE; tests on FerretDB only). Default false: a
   * standalone is refused, since majority writes only survive a failover on a replica set, and
   * transactions, change streams and retryable writes need one.
   */
  readonly allowStandalone?: boolean;
}

/**
 * The client every MongoDB store uses: write concern majority (an acknowledged w:1 write can be
 * rolled back after a failover), retryable writes, and `undefined` never stored as null.
 */
export function mongoClientFor(uri: string): MongoClient {
  return new MongoClient(uri, {
    writeConcern: { w: 'majority' },
    retryWrites: true,
    ignoreUndefined: true,
    appName: 'splitpay',
  });
}

/** The database named in a connection string's path (`mongodb://host/<db>?...`), if any. */
export function databaseNameOf(uri: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Connects, checks the deployment, and answers the database (majority write concern). */
export async function connectMongo(uri: string, options: ConnectMongoOptions = {}): Promise<Db> {
  const client = mongoClientFor(uri);
  await client.connect();
  try {
    const db = client.db(options.dbName ?? databaseNameOf(uri) ?? DEFAULT_DATABASE);
    if (!options.allowStandalone) {
      const hello = await db.admin().command({ hello: 1 });
      if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') {
        throw new Error(
          `MONGODB_URI names a standalone server; splitpay needs a replica set (or a sharded cluster). ${ALLOW_STANDALONE_SETTING}=true accepts one for tests only`,
        );
      }
    }
    return db;
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** The driver's database type, from the driver this package pins (other workspaces may resolve another copy). */
export type { Db } from 'mongodb';
