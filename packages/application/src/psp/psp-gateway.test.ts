import { PspRegistry, type AttemptId, type MerchantAccount, type MerchantAccountRepository, type PspDriver, type PspProvider } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { aSession } from '../payer/payer.fixture';
import { PspGateway } from './psp-gateway';

/** Reversible, so a test can seal what the merchants file would. */
const TEST_SEALER = {
  seal: (plain: string) => `sealed:${Buffer.from(plain).toString('base64')}`,
  open: (sealed: string) => {
    if (!sealed.startsWith('sealed:')) throw new Error('not sealed by this key');
    return Buffer.from(sealed.slice('sealed:'.length), 'base64').toString();
  },
};

const account: MerchantAccount = {
  merchantId: aSession().merchantId,
  secretHash: 'x',
  webhookSigningSecretSealed: 'x',
  contracts: [
    { method: 'card', provider: 'psp', settings: { merchantAccount: 'CARD_EUR' } },
    { method: 'applepay', provider: 'psp', settings: { merchantAccount: 'WALLET_EUR' } },
  ],
  contacts: [],
};

function gatewayCountingReads(): { gateway: PspGateway; reads: () => number } {
  let reads = 0;
  const merchants = {
    findById: async () => {
      reads++;
      return account;
    },
  } as Pick<MerchantAccountRepository, 'findById'> as MerchantAccountRepository;
  const drivers = (['card', 'applepay'] as const).map((method) => ({ provider: 'psp', method, capabilities: CARD_CAPS }) as unknown as PspDriver);
  const registry = new PspRegistry([{ id: 'psp', drivers } as unknown as PspProvider]);
  return { gateway: new PspGateway({ registry, merchants, sealer: TEST_SEALER }), reads: () => reads };
}

describe('PspGateway.forSession', () => {
  it("reads the session's merchant account once for all its operations, each call with its own contract's settings", async () => {
    const { gateway, reads } = gatewayCountingReads();
    const session = aSession();
    const psps = gateway.forSession(session);
    const card = session.methods.find((m) => m.method === 'card')!;
    const applepay = session.methods.find((m) => m.method === 'applepay')!;
    const [cardCall, walletCall, cardSettings] = await Promise.all([
      psps.resolve({ id: 'a1' as AttemptId, methodId: card.id, provider: 'psp', method: 'card' }, 't1'),
      psps.resolve({ id: 'a2' as AttemptId, methodId: applepay.id, provider: 'psp', method: 'applepay' }, 't2'),
      psps.settingsFor(card),
    ]);
    expect([cardCall?.call.settings, walletCall?.call.settings, cardSettings]).toEqual([{ merchantAccount: 'CARD_EUR' }, { merchantAccount: 'WALLET_EUR' }, { merchantAccount: 'CARD_EUR' }]);
    expect(reads()).toBe(1);
  });

  it('hands the account it read to the other steps of the same turn (the webhook delivery) without reading again', async () => {
    const { gateway, reads } = gatewayCountingReads();
    const session = aSession();
    const psps = gateway.forSession(session);
    const card = session.methods.find((m) => m.method === 'card')!;
    await psps.resolve({ id: 'a1' as AttemptId, methodId: card.id, provider: 'psp', method: 'card' }, 't1');
    expect(await psps.account()).toBe(account);
    expect(reads()).toBe(1);
  });

  it('reads nothing when no driver is registered for the attempt, and each new session reads again', async () => {
    const { gateway, reads } = gatewayCountingReads();
    const session = aSession();
    expect(await gateway.forSession(session).resolve({ id: 'a1' as AttemptId, methodId: 'card', provider: 'other', method: 'card' }, 't1')).toBeUndefined();
    expect(reads()).toBe(0);
    await gateway.resolve(session, { id: 'a1' as AttemptId, methodId: 'card', provider: 'psp', method: 'card' }, 't1');
    await gateway.resolve(session, { id: 'a1' as AttemptId, methodId: 'card', provider: 'psp', method: 'card' }, 't2');
    expect(reads()).toBe(2);
  });
});

describe('PspGateway: the contract chosen at creation', () => {
  const twoAccounts: MerchantAccount = {
    ...account,
    contracts: [
      { id: 'adyen-fr', method: 'card', provider: 'psp', settings: { merchantAccount: 'SHOP_FR' }, sealedSettings: { apiKey: TEST_SEALER.seal('"key-fr"') } },
      { id: 'adyen-de', method: 'card', provider: 'psp', settings: { merchantAccount: 'SHOP_DE' }, sealedSettings: { apiKey: TEST_SEALER.seal('"key-de"') } },
    ],
  };
  const gatewayOver = (held: MerchantAccount) =>
    new PspGateway({
      registry: new PspRegistry([{ id: 'psp', drivers: [{ provider: 'psp', method: 'card', capabilities: CARD_CAPS }] } as unknown as PspProvider]),
      merchants: { findById: async () => held } as Pick<MerchantAccountRepository, 'findById'> as MerchantAccountRepository,
      sealer: TEST_SEALER,
    });

  it("every call of an offer carries its own contract's settings, the sealed ones opened, even when two contracts share method and provider", async () => {
    const session = aSession();
    const card = session.methods.find((m) => m.method === 'card')!;
    const psps = gatewayOver(twoAccounts).forSession(session);
    expect(await psps.settingsFor({ ...card, provider: 'psp', contractId: 'adyen-de' })).toEqual({ merchantAccount: 'SHOP_DE', apiKey: 'key-de' });
    expect(await psps.settingsFor({ ...card, provider: 'psp', contractId: 'adyen-fr' })).toEqual({ merchantAccount: 'SHOP_FR', apiKey: 'key-fr' });
  });

  it('an offer stored before contracts were remembered uses the first contract of its method and provider; a contract gone since gives none', async () => {
    const session = aSession();
    const { contractId: _none, ...card } = { ...session.methods.find((m) => m.method === 'card')!, provider: 'psp' };
    const psps = gatewayOver(twoAccounts).forSession(session);
    expect(await psps.settingsFor(card)).toEqual({ merchantAccount: 'SHOP_FR', apiKey: 'key-fr' });
    expect(await psps.settingsFor({ ...card, contractId: 'removed' })).toEqual({});
  });

  it('a sealed setting that no longer opens fails with its name, never its sealed or clear value', async () => {
    const session = aSession();
    const card = { ...session.methods.find((m) => m.method === 'card')!, provider: 'psp', contractId: 'adyen-fr' };
    const broken: MerchantAccount = { ...account, contracts: [{ id: 'adyen-fr', method: 'card', provider: 'psp', sealedSettings: { apiKey: 'other-key:c2VjcmV0' } }] };
    const failure = gatewayOver(broken).forSession(session).settingsFor(card);
    await expect(failure).rejects.toThrow('The sealed setting apiKey of contract adyen-fr cannot be opened');
    await expect(failure).rejects.not.toThrow('c2VjcmV0');
  });
});
