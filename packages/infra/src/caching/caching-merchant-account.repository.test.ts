import { merchantId, type MerchantAccount, type MerchantAccountRepository } from '@splitpay/domain';
import { CountingMerchantAccounts } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ManualClock } from '../system-clock';
import { CachingMerchantAccountRepository } from './caching-merchant-account.repository';

const account = (id: string, overrides: Partial<MerchantAccount> = {}): MerchantAccount => ({
  merchantId: merchantId(id),
  secretHash: `$scrypt$${id}`,
  webhookSigningSecretSealed: `sealed-${id}`,
  contracts: [{ method: 'card', provider: 'fake', countries: ['FR'], settings: { merchantAccount: `${id}-at-psp`, nested: { level: 1 } } }],
  contacts: [{ email: `ops@${id}.test`, passwordHash: '$scrypt$contact', role: 'admin' }],
  ...overrides,
});

const TTL = 5_000;

function setUp(options: { maxEntries?: number } = {}) {
  // `store` is what every instance shares; `direct` writes to it as another instance would.
  const direct = createEmbeddedStores().merchants;
  const store = new CountingMerchantAccounts(direct);
  const clock = new ManualClock();
  const cache = new CachingMerchantAccountRepository(store, { clock, ttlMs: TTL, ...options });
  return { direct, store, clock, cache };
}

describe('CachingMerchantAccountRepository over the embedded store', () => {
  it('reads the store once for repeated reads within the TTL, concurrent ones included', async () => {
    const { direct, store, clock, cache } = setUp();
    await direct.upsert(account('acme'));
    const first = await cache.findById(merchantId('acme'));
    clock.advance(TTL - 1);
    const again = await Promise.all([cache.findById(merchantId('acme')), cache.findById(merchantId('acme'))]);
    expect(first).toEqual(account('acme'));
    expect(again).toEqual([account('acme'), account('acme')]);
    expect(store.byId).toBe(1);

    const cold = setUp();
    await cold.direct.upsert(account('acme'));
    await Promise.all(Array.from({ length: 5 }, () => cold.cache.findById(merchantId('acme'))));
    expect(cold.store.byId).toBe(1);
  });

  it('reads the store again once the TTL has passed, and only then sees what another instance wrote', async () => {
    const { direct, store, clock, cache } = setUp();
    await direct.upsert(account('acme'));
    await cache.findById(merchantId('acme'));
    await direct.upsert(account('acme', { secretHash: '$scrypt$rotated' }));
    clock.advance(TTL - 1);
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$acme');
    clock.advance(1);
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$rotated');
    expect(store.byId).toBe(2);
  });

  it('shows an upsert through it at once', async () => {
    const { direct, store, cache } = setUp();
    await cache.upsert(account('acme'));
    await cache.findById(merchantId('acme'));
    const rotated = account('acme', { secretHash: '$scrypt$rotated', contacts: [] });
    await cache.upsert(rotated);
    expect(await cache.findById(merchantId('acme'))).toEqual(rotated);
    expect(await direct.findById(merchantId('acme'))).toEqual(rotated);
    expect(store.byId).toBe(2);
  });

  it('keeps nothing a read begun before an upsert brings back after it', async () => {
    const direct = createEmbeddedStores().merchants;
    await direct.upsert(account('acme'));
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowReads: MerchantAccountRepository = {
      upsert: (a) => direct.upsert(a),
      findById: async (id) => {
        const found = await direct.findById(id);
        await gate;
        return found;
      },
      findByContactEmail: (email) => direct.findByContactEmail(email),
    };
    const cache = new CachingMerchantAccountRepository(slowReads, { clock: new ManualClock(), ttlMs: TTL });
    const before = cache.findById(merchantId('acme'));
    await new Promise((resolve) => setImmediate(resolve));
    await cache.upsert(account('acme', { secretHash: '$scrypt$rotated' }));
    release();
    expect((await before)?.secretHash).toBe('$scrypt$acme');
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$rotated');
  });

  it('keeps no value read while an upsert was being written', async () => {
    const direct = createEmbeddedStores().merchants;
    await direct.upsert(account('acme'));
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowWrites: MerchantAccountRepository = {
      upsert: async (a) => {
        await gate;
        await direct.upsert(a);
      },
      findById: (id) => direct.findById(id),
      findByContactEmail: (email) => direct.findByContactEmail(email),
    };
    const cache = new CachingMerchantAccountRepository(slowWrites, { clock: new ManualClock(), ttlMs: TTL });
    const written = cache.upsert(account('acme', { secretHash: '$scrypt$rotated' }));
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$acme');
    release();
    await written;
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$rotated');
  });

  it('holds no miss: an account another instance adds is seen by the next read', async () => {
    const { direct, store, cache } = setUp();
    expect(await cache.findById(merchantId('newcomer'))).toBeNull();
    await direct.upsert(account('newcomer'));
    expect(await cache.findById(merchantId('newcomer'))).toEqual(account('newcomer'));
    expect(store.byId).toBe(2);
  });

  it('hands out values no caller can change for the next one', async () => {
    const { direct, cache } = setUp();
    const original = account('acme');
    await direct.upsert(original);
    const got = (await cache.findById(merchantId('acme'))) as unknown as Record<string, any>;
    const attempts: (() => void)[] = [
      () => (got.secretHash = 'stolen'),
      () => delete got.webhookSigningSecretSealed,
      () => got.contracts.push({ method: 'card', provider: 'evil' }),
      () => (got.contracts[0].provider = 'evil'),
      () => got.contracts[0].countries.push('DE'),
      () => (got.contracts[0].settings.merchantAccount = 'evil'),
      () => (got.contracts[0].settings.nested.level = 2),
      () => (got.contacts[0].role = 'admin-of-everything'),
      () => got.contacts.splice(0, 1),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
    expect(await cache.findById(merchantId('acme'))).toEqual(original);

    // What a caller hands to upsert and changes afterwards is not what the next read gets either.
    const handed = account('acme', { secretHash: '$scrypt$handed' }) as unknown as Record<string, any>;
    await cache.upsert(handed as unknown as MerchantAccount);
    handed.secretHash = 'changed-after-upsert';
    expect((await cache.findById(merchantId('acme')))?.secretHash).toBe('$scrypt$handed');
  });

  it('holds at most maxEntries accounts, the oldest read leaving first', async () => {
    const { direct, store, cache } = setUp({ maxEntries: 2 });
    for (const id of ['a1', 'a2', 'a3']) await direct.upsert(account(id));
    for (const id of ['a1', 'a2', 'a3']) await cache.findById(merchantId(id));
    expect(store.byId).toBe(3);
    await cache.findById(merchantId('a3'));
    await cache.findById(merchantId('a2'));
    expect(store.byId).toBe(3);
    await cache.findById(merchantId('a1'));
    expect(store.byId).toBe(4);
  });

  it('asks the store for every contact sign-in (findByContactEmail is not cached)', async () => {
    const { direct, store, cache } = setUp();
    await direct.upsert(account('acme'));
    expect((await cache.findByContactEmail('ops@acme.test'))?.merchantId).toBe('acme');
    await direct.upsert(account('acme', { contacts: [] }));
    expect(await cache.findByContactEmail('ops@acme.test')).toBeNull();
    expect(store.byEmail).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const { direct, clock } = setUp();
    await direct.upsert(account('acme'));
    let fail = true;
    const flaky: MerchantAccountRepository = {
      upsert: (a) => direct.upsert(a),
      findById: (id) => (fail ? Promise.reject(new Error('store down')) : direct.findById(id)),
      findByContactEmail: (email) => direct.findByContactEmail(email),
    };
    const cache = new CachingMerchantAccountRepository(flaky, { clock, ttlMs: TTL });
    await expect(cache.findById(merchantId('acme'))).rejects.toThrow('store down');
    fail = false;
    expect(await cache.findById(merchantId('acme'))).toEqual(account('acme'));
  });

  it('refuses a TTL that is not a positive integer (0 means no cache: the wiring does not wrap)', () => {
    const { store, clock } = setUp();
    for (const ttlMs of [0, -1, 1.5]) expect(() => new CachingMerchantAccountRepository(store, { clock, ttlMs })).toThrow(/ttlMs/);
  });
});
