import { PspRegistry, type AttemptId, type MerchantAccount, type MerchantAccountRepository, type PspDriver, type PspProvider } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { aSession } from '../payer/payer.fixture';
import { PspGateway } from './psp-gateway';

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
  return { gateway: new PspGateway({ registry, merchants }), reads: () => reads };
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
