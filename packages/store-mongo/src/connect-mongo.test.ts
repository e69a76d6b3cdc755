import { databaseNameOf, mongoClientFor } from './connect-mongo';

describe('the MongoDB client', () => {
  it('writes with majority write concern, retries writes and never stores undefined as null', async () => {
    const client = mongoClientFor('mongodb://localhost:27017/splitpay?replicaSet=rs0');
    const db = client.db('splitpay');
    expect(db.writeConcern?.w).toBe('majority');
    expect(client.options.retryWrites).toBe(true);
    expect(db.bsonOptions.ignoreUndefined).toBe(true);
    await client.close();
  });

  it('keeps majority even when the connection string asks for w=1', async () => {
    const client = mongoClientFor('mongodb://localhost:27017/splitpay?w=1');
    expect(client.db('splitpay').writeConcern?.w).toBe('majority');
    await client.close();
  });

  it('reads the database name from the connection string path', () => {
    expect(databaseNameOf('mongodb://a:1,b:2/pay%2Dments?replicaSet=rs0')).toBe('pay-ments');
    expect(databaseNameOf('mongodb+srv://user:pw@cluster.example.net/splitpay')).toBe('splitpay');
    expect(databaseNameOf('mongodb://localhost:27017/?replicaSet=rs0')).toBeUndefined();
    expect(databaseNameOf('mongodb://localhost:27017')).toBeUndefined();
  });
});
