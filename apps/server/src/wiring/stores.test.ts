import type { Logger } from '@splitpay/domain';
import { EmbeddedDatabase } from '@splitpay/store-embedded';
import { fixtures } from '@splitpay/store-mongo/src/contract';
import { createStoresFor, redactMongoUri } from './stores';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('createStoresFor', () => {
  it('runs on the embedded engine without MONGODB_URI, and can share one embedded database', async () => {
    const database = new EmbeddedDatabase();
    const a = await createStoresFor({}, silent, { embeddedDatabase: database });
    const b = await createStoresFor({}, silent, { embeddedDatabase: database });
    expect(a.engine).toBe('embedded');
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

  it('redacts the password of a connection string, encoded or not', () => {
    expect(redactMongoUri('mongodb://u:p%40ss@h/db and p@ss', 'mongodb://u:p%40ss@h/db')).toBe('mongodb://u:***@h/db and ***');
    expect(redactMongoUri('mongodb://h/db', 'mongodb://h/db')).toBe('mongodb://h/db');
  });
});
