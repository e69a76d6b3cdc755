import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { connectMongo } from './connect-mongo';

/**
 * connectMongo on the server of MONGODB_URI (CI: FerretDB, a standalone): a standalone is refused
 * unless MONGODB_ALLOW_STANDALONE's option is given; a replica set is accepted as it is.
 * Without MONGODB_URI there is no server to connect to (jest.global-setup.ts says so).
 */
const uri = process.env.MONGODB_URI;
const describeOnServer = uri ? describe : describe.skip;

describeOnServer('connectMongo on the server of MONGODB_URI', () => {
  it('refuses a standalone server unless allowed, naming the setting, and accepts a replica set', async () => {
    const probe = new MongoClient(uri!);
    const hello = await probe.db('admin').command({ hello: 1 });
    await probe.close();
    const dbName = `splitpay_connect_${randomBytes(6).toString('hex')}`;

    if (typeof hello.setName === 'string' || hello.msg === 'isdbgrid') {
      const db = await connectMongo(uri!, { dbName });
      expect(db.databaseName).toBe(dbName);
      await db.client.close();
      return;
    }
    await expect(connectMongo(uri!, { dbName })).rejects.toThrow(/standalone server; splitpay needs a replica set .* MONGODB_ALLOW_STANDALONE=true accepts one for tests only/);
    const db = await connectMongo(uri!, { dbName, allowStandalone: true });
    expect(db.writeConcern?.w).toBe('majority');
    await db.command({ ping: 1 });
    await db.client.close();
  });
});
