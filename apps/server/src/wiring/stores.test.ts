import { CapturingLogger } from '@splitpay/domain/src/testing';
import { EmbeddedDatabase } from '@splitpay/store-embedded';
import { COLLECTION_NAMES, INDEX_PLAN, sessionToDocument, type Db, type SessionDocument } from '@splitpay/store-mongo';
import { fixtures } from '@splitpay/store-mongo/src/contract';
import { createStoresFor, redactMongoUri, sharedHitCountersOf } from './stores';

const silent = new CapturingLogger();

describe('createStoresFor', () => {
  it('runs on the embedded engine without MONGODB_URI, and can share one embedded database', async () => {
    const database = new EmbeddedDatabase();
    const a = await createStoresFor({}, silent, { embeddedDatabase: database });
    const b = await createStoresFor({}, silent, { embeddedDatabase: database });
    expect(a.engine).toBe('embedded');
    // One process: its limiters keep counting in their own memory (D53), as before.
    expect(sharedHitCountersOf(a)).toBeUndefined();
    const session = fixtures.aSession();
    await a.sessions.insert(session);
    expect(await b.sessions.findById(session.id)).toEqual(session);
    expect(await (await createStoresFor({}, silent)).sessions.findById(session.id)).toBeNull();
  });

  it('goes to MongoDB when MONGODB_URI is set, and never repeats the password when it cannot connect', async () => {
    const uri = 'mongodb://ops:s3cr%21t-pass@127.0.0.1:9/splitpay';
    const tried: string[] = [];
    const failing = async (given: string) => {
      tried.push(given);
      throw new Error(`could not reach ${given} (auth ops:s3cr!t-pass)`);
    };
    const attempt = createStoresFor({ mongodbUri: uri }, silent, { connect: failing });
    await expect(attempt).rejects.toThrow(/^MongoDB \(MONGODB_URI\) unusable/);
    await expect(attempt).rejects.not.toThrow(/s3cr/);
    expect(tried).toEqual([uri]);
  });

  it('on MongoDB, creates every index and rebuilds the search entries of the last hour before serving, then says so', async () => {
    // A database standing in for the driver's Db in this wiring test only (the contract runs on a real mongod).
    const database = new EmbeddedDatabase();
    let closed = 0;
    const db = { databaseName: 'splitpay', collection: (name: string) => database.collection(name), client: { close: async () => void closed++ } } as unknown as Db;
    const now = fixtures.T0 + 2 * 3_600_000;
    const recent = fixtures.aSession({ updatedAt: now - 10 * 60_000, attempts: [fixtures.anAttempt()] });
    const old = fixtures.aSession({ merchantId: recent.merchantId, updatedAt: now - 2 * 3_600_000, attempts: [fixtures.anAttempt()] });
    // Written as a crash between the session write and its search entries would leave them.
    for (const session of [recent, old]) await database.collection<SessionDocument>(COLLECTION_NAMES.sessions).insertOne(sessionToDocument(session));
    const logger = new CapturingLogger();

    const stores = await createStoresFor({ mongodbUri: 'mongodb://db/splitpay?replicaSet=rs0' }, logger, { connect: async () => db, now: () => now });

    expect(stores.engine).toBe('mongodb');
    const declared = new Set(database.listCollections().flatMap((c) => c.declaredIndexes().map((index) => `${c.name}.${index.name}`)));
    const planned = Object.entries(INDEX_PLAN).flatMap(([key, specs]) => specs.map((spec) => `${COLLECTION_NAMES[key as keyof typeof COLLECTION_NAMES]}.${spec.options.name}`));
    expect(planned.filter((name) => !declared.has(name))).toEqual([]);
    // The payer doors' budgets are counted in the database, one budget for every instance (D55).
    expect(sharedHitCountersOf(stores)).toBe(stores.hitCounters);
    expect(logger.entries().filter((line) => line.level === 'info')).toEqual([{ level: 'info', event: 'store.ready', fields: { engine: 'mongodb', database: 'splitpay', resyncedSessions: 1 } }]);
    const found = await stores.sessions.searchAttempts({ merchantId: recent.merchantId, limit: 10 });
    expect(found.items.map((hit) => hit.sessionId)).toEqual([recent.id]);
    await stores.close();
    expect(closed).toBe(1);
  });

  it('with prepare: false (the operators\' commands), opens MongoDB and ensures nothing, rebuilds nothing, logs nothing', async () => {
    const database = new EmbeddedDatabase();
    const db = { databaseName: 'splitpay', collection: (name: string) => database.collection(name), client: { close: async () => undefined } } as unknown as Db;
    const session = fixtures.aSession({ attempts: [fixtures.anAttempt()] });
    await database.collection<SessionDocument>(COLLECTION_NAMES.sessions).insertOne(sessionToDocument(session));
    const logger = new CapturingLogger();

    const stores = await createStoresFor({ mongodbUri: 'mongodb://db/splitpay?replicaSet=rs0' }, logger, { connect: async () => db, prepare: false });

    expect(stores.engine).toBe('mongodb');
    expect(database.listCollections().flatMap((c) => c.declaredIndexes().map((index) => index.name)).filter((name) => name !== '_id_')).toEqual([]);
    expect(logger.entries()).toEqual([]);
    await stores.close();
  });

  it('with MONGODB_ALLOW_STANDALONE only, connects to a standalone and creates an index without an option the server lacks, saying so', async () => {
    // A server refusing partial filters and TTL as FerretDB does (code 238, NotImplemented).
    const database = new EmbeddedDatabase();
    const created: { collection: string; options: Record<string, unknown> }[] = [];
    const lacking = (name: string) => {
      const collection = database.collection(name);
      return new Proxy(collection, {
        get(target, property, receiver) {
          if (property !== 'createIndex') return Reflect.get(target, property, receiver);
          return async (keys: Record<string, 1 | -1>, options: Record<string, unknown>) => {
            const missing = ['partialFilterExpression', 'expireAfterSeconds'].find((option) => option in options);
            if (missing) throw Object.assign(new Error(`Index option "${missing}" is not implemented yet`), { code: 238 });
            created.push({ collection: name, options });
            return target.createIndex(keys, options);
          };
        },
      });
    };
    const db = { databaseName: 'splitpay', collection: lacking, client: { close: async () => undefined } } as unknown as Db;
    const asked: boolean[] = [];
    const connect = async (_uri: string, options: { allowStandalone: boolean }) => {
      asked.push(options.allowStandalone);
      return db;
    };
    const logger = new CapturingLogger();

    await expect(createStoresFor({ mongodbUri: 'mongodb://db/splitpay' }, logger, { connect })).rejects.toThrow(/is not implemented yet/);
    const stores = await createStoresFor({ mongodbUri: 'mongodb://db/splitpay', mongodbAllowStandalone: true }, logger, { connect });

    expect(asked).toEqual([false, true]);
    const allowed = logger.named('store.standalone_allowed');
    expect(allowed).toHaveLength(1);
    expect(JSON.stringify(allowed[0]!.fields)).toMatch(/MONGODB_ALLOW_STANDALONE=true: .*never in production/);
    const departures = logger.named('store.index_departure').map((line) => line.fields as { collection: string; index: string; withoutOptions: string[] });
    expect(departures.map((d) => [`${d.collection}.${d.index}`, d.withoutOptions])).toEqual([
      ['sessions.attempt_id_unique', ['partialFilterExpression']],
      ['sessions.transaction_id_unique', ['partialFilterExpression']],
      ['sessions.merchant_idempotency_key_unique', ['partialFilterExpression']],
      ['sessions.entries_dirty', ['partialFilterExpression']],
      ['sessions.merchant_abandoned_notification', ['partialFilterExpression']],
      ['merchant_accounts.contact_email_unique', ['partialFilterExpression']],
      ['chargebacks.merchant_abandoned_delivery', ['partialFilterExpression']],
      ['authorization_codes.purge_ttl', ['expireAfterSeconds']],
      ['refresh_tokens.purge_ttl', ['expireAfterSeconds']],
      ['revoked_refresh_families.purge_ttl', ['expireAfterSeconds']],
      ['rate_limit_counters.reset_ttl', ['expireAfterSeconds']],
    ]);
    expect(created.find((c) => c.options.name === 'attempt_id_unique')?.options).toEqual({ name: 'attempt_id_unique', unique: true });
    await stores.close();
  });

  it('stops the start with an error naming the unique index a sharded collection refuses, standalone allowed or not', async () => {
    // A cluster where `sessions` is sharded on { merchantId, _id }: MongoDB refuses a unique index
    // that shard key does not prefix (code 67, CannotCreateIndex); the service does not create it plain.
    const database = new EmbeddedDatabase();
    const sharded = (name: string) => {
      const collection = database.collection(name);
      return new Proxy(collection, {
        get(target, property, receiver) {
          if (property !== 'createIndex' || name !== 'sessions') return Reflect.get(target, property, receiver);
          return async (keys: Record<string, 1 | -1>, options: Record<string, unknown>) => {
            if (options.unique && Object.keys(keys)[0] !== 'merchantId') {
              throw Object.assign(new Error(`cannot create unique index over ${JSON.stringify(keys)} with shard key pattern { merchantId: 1, _id: 1 }`), { code: 67, codeName: 'CannotCreateIndex' });
            }
            return target.createIndex(keys, options);
          };
        },
      });
    };
    const db = { databaseName: 'splitpay', collection: sharded, client: { close: async () => undefined } } as unknown as Db;
    for (const mongodbAllowStandalone of [false, true]) {
      await expect(createStoresFor({ mongodbUri: 'mongodb://db/splitpay', mongodbAllowStandalone }, silent, { connect: async () => db })).rejects.toThrow(
        /unique index sessions\.elements_token_hash_unique: .*sharded.*keep `sessions` unsharded/,
      );
    }
  });

  it('redacts the password of a connection string, encoded or not', () => {
    expect(redactMongoUri('mongodb://u:p%40ss@h/db and p@ss', 'mongodb://u:p%40ss@h/db')).toBe('mongodb://u:***@h/db and ***');
    expect(redactMongoUri('mongodb://h/db', 'mongodb://h/db')).toBe('mongodb://h/db');
  });
});
