import { DEFAULT_POLICY, PspRegistry, type MerchantAccount, type MerchantId, type PspProvider, type SessionRequest } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS, WALLET_CAPS } from '@splitpay/domain/src/testing';
import { HmacElementsTokens, ManualClock, RandomTokenMinter, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { CreateSessionUseCase } from './create-session.use-case';

const provider = {
  id: 'fake',
  drivers: [
    { provider: 'fake', method: 'card', capabilities: CARD_CAPS },
    { provider: 'fake', method: 'paypal', capabilities: WALLET_CAPS },
    { provider: 'fake', method: 'wero', capabilities: WALLET_CAPS },
  ],
} as unknown as PspProvider;
const SHOP = 'shop' as MerchantId;
const account: MerchantAccount = {
  merchantId: SHOP,
  secretHash: 'x',
  webhookSigningSecretSealed: 'x',
  contracts: [{ method: 'card', provider: 'fake' }, { method: 'paypal', provider: 'fake' }, { method: 'wero', provider: 'fake' }],
  contacts: [],
};
const SECRET_ORDER = 'order-kept-out-of-the-log';
const offering = (methods: SessionRequest['methods'], extra: Partial<SessionRequest> = {}): SessionRequest => ({ currency: 'EUR', total: 500, orderId: SECRET_ORDER, methods, ...extra });

describe('CreateSessionUseCase: a method no payer can use for want of returnUrl (D61)', () => {
  let stores: EmbeddedStores;
  let logger: CapturingLogger;

  beforeEach(async () => {
    stores = createEmbeddedStores();
    await stores.merchants.upsert(account);
    logger = new CapturingLogger();
  });

  const creation = () =>
    new CreateSessionUseCase({
      sessions: stores.sessions,
      merchants: stores.merchants,
      psps: new PspRegistry([provider]),
      tokens: new RandomTokenMinter(),
      derivedTokens: new HmacElementsTokens('the-signing-key'),
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
      ids: new UuidV7IdGenerator(),
      defaultTtlMs: 60_000,
      policy: DEFAULT_POLICY,
      nextDueAt: (s) => s.expiresAt,
      logger,
    });

  it('creates the session and warns once, naming the merchant, the session and the methods, nothing else of the request', async () => {
    const { sessionId } = await creation().execute(SHOP, offering([{ method: 'card' }, { method: 'paypal', id: 'pp' }, { method: 'wero' }]));
    expect(await stores.sessions.findById(sessionId)).toMatchObject({ status: 'PENDING' });
    expect(logger.named('session.redirected_method_unusable')).toEqual([{ level: 'warn', event: 'session.redirected_method_unusable', fields: { merchantId: SHOP, sessionId, methods: ['pp', 'wero'] } }]);
    expect(logger.lines.join('\n')).not.toContain(SECRET_ORDER);
  });

  it('warns also for a keyed creation, and not when the request brings returnUrl or offers only a card', async () => {
    const { sessionId } = await creation().execute(SHOP, offering([{ method: 'paypal' }]), 'key-1');
    expect(logger.named('session.redirected_method_unusable').map((line) => line.fields)).toEqual([{ merchantId: SHOP, sessionId, methods: ['paypal'] }]);
    await creation().execute(SHOP, offering([{ method: 'paypal' }]), 'key-1');
    await creation().execute(SHOP, offering([{ method: 'paypal' }], { returnUrl: 'https://shop.example/back' }));
    await creation().execute(SHOP, offering([{ method: 'card' }]));
    expect(logger.named('session.redirected_method_unusable')).toHaveLength(1);
  });
});
