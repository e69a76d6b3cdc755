import { randomBytes } from 'node:crypto';
import { merchantId, type MerchantAccountRepository } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, ScryptPasswordHasher } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { connectMongo, createMongoStores, type Db } from '@splitpay/store-mongo';
import { parseAllowStandalone } from '@splitpay/store-mongo/src/allow-standalone';
import { loadMerchants } from './load-merchants';
import { writeTempMerchantsFile } from '../../test/support/temp-merchants-file';

const hasher = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });
const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });

const contact = (email: string) => ({ email, password: 'a-long-password', role: 'admin' });
const acme = (contacts: unknown[]) => ({ merchantId: 'acme', secret: 'acme-client-secret', webhookAuthorization: 'Bearer a', contracts: [{ method: 'card', provider: 'fake', schemes: ['visa'] }], contacts });
const globex = (contacts: unknown[]) => ({ merchantId: 'globex', secret: 'globex-client-secret', webhookAuthorization: 'Bearer g', contracts: [{ method: 'paypal', provider: 'fake' }], contacts });

interface Engine {
  readonly name: string;
  open(): Promise<{ readonly merchants: MerchantAccountRepository; dispose(): Promise<void> }>;
}

const embedded: Engine = { name: 'the embedded store', open: async () => ({ merchants: createEmbeddedStores().merchants, dispose: async () => undefined }) };

/**
 * MONGODB_URI, when set, with its indexes (contact_email_unique). FerretDB 1.x does not refuse a
 * key of a unique array index repeated by another document (tools/mongo/README.md), so there these
 * tests pass with or without the write order; the embedded engine and MongoDB refuse it.
 */
const mongo: Engine | undefined = process.env.MONGODB_URI
  ? {
      name: 'MongoDB (MONGODB_URI)',
      async open() {
        const allowStandalone = parseAllowStandalone(process.env.MONGODB_ALLOW_STANDALONE);
        const db: Db = await connectMongo(process.env.MONGODB_URI!, { allowStandalone, dbName: `splitpay_merchants_${randomBytes(6).toString('hex')}` });
        const stores = createMongoStores(db, { allowStandalone });
        await stores.ensureIndexes();
        return { merchants: stores.merchants, dispose: async () => { await db.dropDatabase(); await stores.close(); } };
      },
    }
  : undefined;

describe.each([embedded, ...(mongo ? [mongo] : [])])('loadMerchants again over a store that outlived the file, on $name', (engine) => {
  let store: Awaited<ReturnType<Engine['open']>>;
  beforeEach(async () => {
    store = await engine.open();
  });
  afterEach(async () => store.dispose());

  const load = async (merchants: unknown[]) => loadMerchants(await writeTempMerchantsFile({ merchants }), { merchants: store.merchants, hasher, sealer, logger: new CapturingLogger() });
  const emailsOf = async (id: string) => (await store.merchants.findById(merchantId(id)))?.contacts.map((c) => c.email);

  it('moves a contact email to an account listed before its old holder', async () => {
    await load([acme([contact('ops@shop.test')]), globex([])]);
    await expect(load([globex([contact('ops@shop.test')]), acme([])])).resolves.toEqual(['globex', 'acme']);
    expect(await emailsOf('globex')).toEqual(['ops@shop.test']);
    expect(await emailsOf('acme')).toEqual([]);
    expect((await store.merchants.findByContactEmail('ops@shop.test'))?.merchantId).toBe('globex');
  });

  it('swaps two contact emails between two accounts, in either file order', async () => {
    await load([acme([contact('one@shop.test')]), globex([contact('two@shop.test')])]);
    await load([acme([contact('two@shop.test')]), globex([contact('one@shop.test')])]);
    expect([await emailsOf('acme'), await emailsOf('globex')]).toEqual([['two@shop.test'], ['one@shop.test']]);
    await load([globex([contact('two@shop.test')]), acme([contact('one@shop.test')])]);
    expect([await emailsOf('acme'), await emailsOf('globex')]).toEqual([['one@shop.test'], ['two@shop.test']]);
  });

  it('writes nothing when the file is refused, a moving email included', async () => {
    await load([acme([contact('ops@shop.test')]), globex([])]);
    const before = [await store.merchants.findById(merchantId('acme')), await store.merchants.findById(merchantId('globex'))];
    await expect(load([globex([contact('ops@shop.test')]), acme([]), { merchantId: 'initech' }])).rejects.toThrow(/initech/);
    expect([await store.merchants.findById(merchantId('acme')), await store.merchants.findById(merchantId('globex'))]).toEqual(before);
  });
});
