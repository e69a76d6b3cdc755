import { merchantId, type MerchantAccount, type MerchantAccountRepository } from '@splitpay/domain';
import { CountingMerchantAccounts } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { merchantEntry, SHOP } from '../../test/support/merchants.fixture';
import { startService, type ServiceHarness } from '../../test/support/service-harness';
import { financedOrder } from '../../test/support/session-bodies';

const order = (n: number) => financedOrder(`cache-${n}`, 1000, { methods: [{ method: 'card' }] });

async function serviceOverCountedStore(env: NodeJS.ProcessEnv = {}): Promise<{ h: ServiceHarness; store: CountingMerchantAccounts }> {
  const embedded = createEmbeddedStores();
  const store = new CountingMerchantAccounts(embedded.merchants);
  const h = await startService({ stores: { ...embedded, merchants: store }, env });
  store.byId = 0;
  return { h, store };
}

describe('merchant accounts read through the cache (MERCHANT_ACCOUNT_CACHE_TTL_MS, D57)', () => {
  it('by default, a client token and ten session creations read the account from the store once', async () => {
    const { h, store } = await serviceOverCountedStore();
    await h.clientToken();
    for (let n = 0; n < 10; n += 1) await h.createSession(order(n));
    expect(store.byId).toBe(1);
    await h.close();
  });

  it('with MERCHANT_ACCOUNT_CACHE_TTL_MS=0, every request reads the store', async () => {
    const { h, store } = await serviceOverCountedStore({ MERCHANT_ACCOUNT_CACHE_TTL_MS: '0' });
    await h.clientToken();
    for (let n = 0; n < 10; n += 1) await h.createSession(order(n));
    expect(store.byId).toBe(11);
    await h.close();
  });

  it('serves an account another instance changed as it was until the TTL ends, then as changed', async () => {
    const { h, store } = await serviceOverCountedStore();
    await h.createSession(order(1));
    const account = (await store.inner.findById(merchantId(SHOP.merchantId)))!;
    await store.inner.upsert({ ...account, contracts: [] });
    await h.createSession(order(2));
    h.clock.advance(h.config.merchantAccountCacheTtlMs);
    await expect(h.createSession(order(3))).rejects.toThrow(/answered 422: .*NoProviderForMethod/);
    await h.close();
  });

  it('shows an account this instance upserts (the merchants file loaded again) at once', async () => {
    const { h } = await serviceOverCountedStore();
    await h.createSession(order(1));
    await h.reload({ merchants: [merchantEntry(SHOP, [])] });
    await expect(h.createSession(order(2))).rejects.toThrow(/answered 422: .*NoProviderForMethod/);
    await h.close();
  });
});
