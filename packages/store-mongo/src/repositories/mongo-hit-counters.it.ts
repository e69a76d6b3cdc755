import { randomBytes } from 'node:crypto';
import type { Db, MongoClient } from 'mongodb';
import { MongoMemoryReplSet } from 'mongodb-memory-server-core';
import { parseAllowStandalone } from '../allow-standalone';
import { COLLECTION_NAMES, openStoreCollections } from '../collections';
import { mongoClientFor } from '../connect-mongo';
import { createStores, type IndexDeparture } from '../create-stores';
import { resolveMongoTarget } from '../contract/mongo-target';
import { MongoHitCounters } from './mongo-hit-counters';

/**
 * The rate limiter's shared counters (docs/decisions.md D55) on a real server, through their public
 * methods: MONGODB_URI when set, else a mongodb-memory-server replica set, else skipped (the global
 * setup says so once, loudly).
 */
const target = resolveMongoTarget();
const allowStandalone = parseAllowStandalone(process.env.MONGODB_ALLOW_STANDALONE);
const describeOnServer: jest.Describe = target.kind === 'skip' ? describe.skip : describe;

const T0 = Date.UTC(2026, 10, 27, 6, 0, 0);
const WINDOW_MS = 60_000;

describeOnServer('rate-limit hit counters on MongoDB', () => {
  let replSet: MongoMemoryReplSet | undefined;
  let client: MongoClient | undefined;
  let db: Db;
  let departures: readonly IndexDeparture[];
  let now = T0;
  const counters = () => new MongoHitCounters(openStoreCollections((name) => db.collection(name)), { now: () => now });

  beforeAll(async () => {
    if (target.kind === 'memory-replset') replSet = await MongoMemoryReplSet.create({ replSet: { count: 1, storageEngine: 'wiredTiger' } });
    client = mongoClientFor(target.kind === 'uri' ? target.uri : replSet!.getUri());
    await client.connect();
  }, 120_000);

  beforeEach(async () => {
    now = T0;
    db = client!.db(`splitpay_counters_${randomBytes(6).toString('hex')}`);
    departures = await createStores(openStoreCollections((name) => db.collection(name)), { allowStandalone }).ensureIndexes();
  });

  afterEach(() => db.dropDatabase());

  afterAll(async () => {
    await client?.close();
    await replSet?.stop();
  });

  it('counts the hits of a key within its window, which ends windowMs after the first hit', async () => {
    const hits = counters();
    expect(await hits.increment('start:token:d1', WINDOW_MS)).toEqual({ totalHits: 1, resetTime: new Date(T0 + WINDOW_MS) });
    now = T0 + 10_000;
    expect(await hits.increment('start:token:d1', WINDOW_MS)).toEqual({ totalHits: 2, resetTime: new Date(T0 + WINDOW_MS) });
    expect(await hits.increment('start:token:d1', WINDOW_MS)).toEqual({ totalHits: 3, resetTime: new Date(T0 + WINDOW_MS) });
    // Another key has counters of its own.
    expect(await hits.increment('start:token:d2', WINDOW_MS)).toEqual({ totalHits: 1, resetTime: new Date(T0 + 10_000 + WINDOW_MS) });
  });

  it('shares the counts between two instances on one database, concurrent hits included', async () => {
    const a = counters();
    const b = counters();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).increment('start:token:shared', WINDOW_MS)));
    expect(answers.map((answer) => answer.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(answers.map((answer) => answer.resetTime.getTime()))).toEqual(new Set([T0 + WINDOW_MS]));
  });

  it('starts a new window once the last one has ended, whether or not the server has removed the old counter yet', async () => {
    const hits = counters();
    for (let i = 0; i < 5; i++) await hits.increment('start:address:203.0.113.9', WINDOW_MS);
    now = T0 + WINDOW_MS;
    expect(await hits.increment('start:address:203.0.113.9', WINDOW_MS)).toEqual({ totalHits: 1, resetTime: new Date(T0 + 2 * WINDOW_MS) });
    expect(await hits.increment('start:address:203.0.113.9', WINDOW_MS)).toEqual({ totalHits: 2, resetTime: new Date(T0 + 2 * WINDOW_MS) });
  });

  it('starts one new window when two instances find the old one ended at the same time', async () => {
    const a = counters();
    const b = counters();
    await a.increment('start:token:race', WINDOW_MS);
    now = T0 + 2 * WINDOW_MS;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).increment('start:token:race', WINDOW_MS)));
    expect(answers.map((answer) => answer.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(new Set(answers.map((answer) => answer.resetTime.getTime()))).toEqual(new Set([T0 + 3 * WINDOW_MS]));
  });

  it('takes a hit back with decrement, never below zero, and never from a window that has ended', async () => {
    const hits = counters();
    await hits.increment('start:token:d1', WINDOW_MS);
    await hits.increment('start:token:d1', WINDOW_MS);
    await hits.decrement('start:token:d1');
    expect((await hits.increment('start:token:d1', WINDOW_MS)).totalHits).toBe(2);
    await hits.decrement('start:token:d1');
    await hits.decrement('start:token:d1');
    await hits.decrement('start:token:d1');
    expect((await hits.increment('start:token:d1', WINDOW_MS)).totalHits).toBe(1);
    // A key never counted is left alone (no counter created).
    await hits.decrement('start:token:never');
    expect(await db.collection(COLLECTION_NAMES.hitCounters).countDocuments({ _id: 'start:token:never' } as never)).toBe(0);
  });

  it('reads the hits of an open window without counting one; none for a key never counted or a window that has ended', async () => {
    const hits = counters();
    expect(await hits.hits('oauth:token:client:k1')).toBeUndefined();
    // Reading creates no counter.
    expect(await db.collection(COLLECTION_NAMES.hitCounters).countDocuments({ _id: 'oauth:token:client:k1' } as never)).toBe(0);
    await hits.increment('oauth:token:client:k1', WINDOW_MS);
    await hits.increment('oauth:token:client:k1', WINDOW_MS);
    now = T0 + 10_000;
    expect(await hits.hits('oauth:token:client:k1')).toEqual({ totalHits: 2, resetTime: new Date(T0 + WINDOW_MS) });
    expect(await hits.hits('oauth:token:client:k1')).toEqual({ totalHits: 2, resetTime: new Date(T0 + WINDOW_MS) });
    now = T0 + WINDOW_MS;
    expect(await hits.hits('oauth:token:client:k1')).toBeUndefined();
  });

  it('forgets a key with reset: its next hit opens a new window', async () => {
    const hits = counters();
    for (let i = 0; i < 4; i++) await hits.increment('start:token:d1', WINDOW_MS);
    await hits.increment('start:token:d2', WINDOW_MS);
    now = T0 + 1_000;
    await hits.reset('start:token:d1');
    expect(await hits.increment('start:token:d1', WINDOW_MS)).toEqual({ totalHits: 1, resetTime: new Date(T0 + 1_000 + WINDOW_MS) });
    expect((await hits.increment('start:token:d2', WINDOW_MS)).totalHits).toBe(2);
  });

  it('stores the key and the end of its window only, the end in a TTL index so the server removes ended counters', async () => {
    await counters().increment('start:token:d1', WINDOW_MS);
    const stored = await db.collection(COLLECTION_NAMES.hitCounters).find({}).toArray();
    expect(stored).toEqual([{ _id: 'start:token:d1', hits: 1, resetAt: new Date(T0 + WINDOW_MS) }]);
    const ttl = (await db.collection(COLLECTION_NAMES.hitCounters).indexes()).find((index) => index.name === 'reset_ttl');
    expect(ttl?.key).toEqual({ resetAt: 1 });
    const departure = departures.find((d) => d.collection === 'hitCounters');
    if (departure) {
      // A test server without TTL indexes (FerretDB, MONGODB_ALLOW_STANDALONE only) gets the index without the option, reported.
      expect(allowStandalone).toBe(true);
      expect(departure).toMatchObject({ index: 'reset_ttl', withoutOptions: ['expireAfterSeconds'] });
    } else {
      expect(ttl?.expireAfterSeconds).toBe(0);
    }
  });
});
