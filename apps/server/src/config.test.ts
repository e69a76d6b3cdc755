import { readConfig } from './config';

describe('the settings of a MongoDB deployment and of its tests', () => {
  it('reads HOST, MONGODB_ALLOW_STANDALONE and WORKER_LEASE_MS, with production defaults when absent', () => {
    const defaults = readConfig({});
    expect(defaults.host).toBeUndefined();
    expect(defaults.mongodbAllowStandalone).toBe(false);
    expect(defaults.workerLeaseMs).toBe(60_000);

    const set = readConfig({ HOST: '127.0.0.1', MONGODB_URI: 'mongodb://127.0.0.1:27017/', MONGODB_ALLOW_STANDALONE: 'true', WORKER_LEASE_MS: '2000' });
    expect(set).toMatchObject({ host: '127.0.0.1', mongodbUri: 'mongodb://127.0.0.1:27017/', mongodbAllowStandalone: true, workerLeaseMs: 2_000 });
  });

  it('refuses a value it cannot read, naming the setting', () => {
    expect(() => readConfig({ MONGODB_ALLOW_STANDALONE: '1' })).toThrow('MONGODB_ALLOW_STANDALONE must be true or false, got 1');
    expect(() => readConfig({ WORKER_LEASE_MS: 'soon' })).toThrow('WORKER_LEASE_MS must be a non-negative integer, got soon');
  });
});
