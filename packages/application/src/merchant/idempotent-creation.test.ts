import { DEFAULT_POLICY, nextDueAt, PspRegistry, type MerchantAccount, type MerchantId, type PspProvider, type Session, type SessionRepository, type SessionRequest } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { HmacElementsTokens, ManualClock, RandomTokenMinter, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { CreateSessionUseCase } from './create-session.use-case';

const provider = { id: 'fake', drivers: [{ provider: 'fake', method: 'card', capabilities: CARD_CAPS }] } as unknown as PspProvider;
const accountOf = (merchantId: string): MerchantAccount => ({
  merchantId: merchantId as MerchantId,
  secretHash: 'x',
  webhookSigningSecretSealed: 'x',
  contracts: [{ method: 'card', provider: 'fake' }],
  contacts: [],
});
const SHOP = 'shop' as MerchantId;
const RIVAL = 'rival' as MerchantId;
const request = { currency: 'EUR', total: 500, orderId: 'o-1', methods: [{ method: 'card' as const }], billing: { city: 'Lyon', country: 'FR' } } as unknown as SessionRequest;
const sameRequestReordered = { billing: { country: 'FR', city: 'Lyon' }, methods: [{ method: 'card' as const }], orderId: 'o-1', total: 500, currency: 'EUR' } as unknown as SessionRequest;

describe('CreateSessionUseCase with an idempotency key (D63)', () => {
  let stores: EmbeddedStores;
  let logger: CapturingLogger;
  let clock: ManualClock;

  beforeEach(async () => {
    stores = createEmbeddedStores();
    await stores.ensureIndexes();
    for (const id of [SHOP, RIVAL]) await stores.merchants.upsert(accountOf(id));
    logger = new CapturingLogger();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
  });

  const creation = (options: { signingKey?: string; sessions?: SessionRepository } = {}) =>
    new CreateSessionUseCase({
      sessions: options.sessions ?? stores.sessions,
      merchants: stores.merchants,
      psps: new PspRegistry([provider]),
      tokens: new RandomTokenMinter(),
      derivedTokens: new HmacElementsTokens(options.signingKey ?? 'the-signing-key'),
      clock,
      ids: new UuidV7IdGenerator(),
      defaultTtlMs: 60_000,
      policy: DEFAULT_POLICY,
      nextDueAt,
      logger,
    });
  const storedOf = async (merchantId: MerchantId): Promise<readonly Session[]> => (await stores.sessions.searchSessions({ merchantId, limit: 100 })).items;

  it('answers a retry with the same body (keys in another order) exactly as the first, creating nothing, and logs the replay without the token', async () => {
    const first = await creation().execute(SHOP, request, 'order-o-1');
    clock.advance(5_000);
    const retry = await creation().execute(SHOP, sameRequestReordered, 'order-o-1');
    expect(retry).toEqual(first);
    const stored = await storedOf(SHOP);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: first.sessionId, idempotency: { key: 'order-o-1' } });
    expect(JSON.stringify(stored[0])).not.toContain(first.elementsToken.slice(4));
    expect(logger.named('session.creation_replayed')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ sessionId: first.sessionId, merchantId: SHOP }) })]);
    expect(JSON.stringify(logger.lines)).not.toContain(first.elementsToken.slice(4));
  });

  it('refuses the same key with another body (IdempotencyKeyConflict) and creates nothing', async () => {
    await creation().execute(SHOP, request, 'order-o-1');
    await expect(creation().execute(SHOP, { ...request, total: 600 }, 'order-o-1')).rejects.toMatchObject({
      code: 'IdempotencyKeyConflict',
      message: expect.stringMatching(/another session request/),
    });
    expect(await storedOf(SHOP)).toHaveLength(1);
  });

  it("keeps keys apart per merchant: another merchant's same key creates a session of its own", async () => {
    const mine = await creation().execute(SHOP, request, 'order-o-1');
    const theirs = await creation().execute(RIVAL, request, 'order-o-1');
    expect(theirs.sessionId).not.toBe(mine.sessionId);
    expect(theirs.elementsToken).not.toBe(mine.elementsToken);
    expect(await storedOf(RIVAL)).toHaveLength(1);
  });

  it('refuses a retry once the signing key was rotated (the token cannot be derived again), creating nothing', async () => {
    await creation({ signingKey: 'before' }).execute(SHOP, request, 'order-o-1');
    await expect(creation({ signingKey: 'after' }).execute(SHOP, request, 'order-o-1')).rejects.toMatchObject({
      code: 'IdempotencyKeyConflict',
      message: expect.stringMatching(/signing key was rotated/),
    });
    expect(await storedOf(SHOP)).toHaveLength(1);
  });

  it('creates one session for ten concurrent requests with one key, all answered the same', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => creation().execute(SHOP, request, 'order-o-1')));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await storedOf(SHOP)).toHaveLength(1);
  });

  /** The store's sessions, every method called recorded in `calls`. */
  const counted = (calls: string[]): SessionRepository =>
    new Proxy(stores.sessions, {
      get: (target, name, receiver) => {
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function' ? (...args: unknown[]) => (calls.push(String(name)), (value as (...a: unknown[]) => unknown).apply(target, args)) : value;
      },
    });
  const withoutContracts = (merchantId: MerchantId) => stores.merchants.upsert({ ...accountOf(merchantId), contracts: [] });

  describe('a retry the rules refuse since the first creation (D69)', () => {
    it('answers the first creation again, creating nothing, and logs the replay', async () => {
      const first = await creation().execute(SHOP, request, 'order-o-1');
      await withoutContracts(SHOP);
      const retry = await creation().execute(SHOP, sameRequestReordered, 'order-o-1');
      expect(retry).toEqual(first);
      expect(await storedOf(SHOP)).toHaveLength(1);
      expect(logger.named('session.creation_replayed')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ sessionId: first.sessionId, merchantId: SHOP }) })]);
    });

    it('refuses the same key with another body (IdempotencyKeyConflict), not with the rule', async () => {
      await creation().execute(SHOP, request, 'order-o-1');
      await withoutContracts(SHOP);
      await expect(creation().execute(SHOP, { ...request, total: 600 }, 'order-o-1')).rejects.toMatchObject({ code: 'IdempotencyKeyConflict' });
      expect(await storedOf(SHOP)).toHaveLength(1);
    });

    it("answers the rule's refusal when no session holds the key (another key, another merchant's key), after one read of the key", async () => {
      await creation().execute(SHOP, request, 'order-o-1');
      await withoutContracts(SHOP);
      await withoutContracts(RIVAL);
      const calls: string[] = [];
      await expect(creation({ sessions: counted(calls) }).execute(SHOP, request, 'order-o-2')).rejects.toMatchObject({ code: 'NoProviderForMethod' });
      await expect(creation({ sessions: counted(calls) }).execute(RIVAL, request, 'order-o-1')).rejects.toMatchObject({ code: 'NoProviderForMethod' });
      expect(calls).toEqual(['findByIdempotencyKey', 'findByIdempotencyKey']);
      expect(await storedOf(SHOP)).toHaveLength(1);
      expect(await storedOf(RIVAL)).toHaveLength(0);
      expect(logger.named('session.creation_replayed')).toEqual([]);
    });
  });

  it('with a key the rules accept: one insertKeyed and no read', async () => {
    const calls: string[] = [];
    await creation({ sessions: counted(calls) }).execute(SHOP, request, 'order-o-1');
    expect(calls).toEqual(['insertKeyed']);
  });

  it('without a key: a random token, one insert and no read, and no idempotency stored', async () => {
    const calls: string[] = [];
    const counting = counted(calls);
    const created = await creation({ sessions: counting }).execute(SHOP, request);
    const again = await creation({ sessions: counting }).execute(SHOP, request);
    expect(calls).toEqual(['insert', 'insert']);
    expect(again.sessionId).not.toBe(created.sessionId);
    const stored = await stores.sessions.findById(created.sessionId);
    expect(stored).not.toHaveProperty('idempotency');
  });
});
