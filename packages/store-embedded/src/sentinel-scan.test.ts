import { money, type SessionId } from '@splitpay/domain';
import { fixtures } from '@splitpay/store-mongo/src/contract';
import { createEmbeddedStores } from './create-embedded-stores';
import { scanForSentinels } from './sentinel-scan';

const { aSession, anAttempt, aTransaction, aMerchantAccount, aChargeback } = fixtures;

describe('scanForSentinels', () => {
  it('finds nothing when no stored document holds a sentinel', async () => {
    const stores = createEmbeddedStores();
    await stores.sessions.insert(aSession({ attempts: [anAttempt()] }));
    await stores.merchants.upsert(aMerchantAccount());
    expect(scanForSentinels(stores, ['4111111111111111', 'pst_secret-token'])).toEqual([]);
  });

  it('finds a sentinel in any collection, inside a value, a number or a field name, with where it is', async () => {
    const stores = createEmbeddedStores();
    const session = aSession({
      id: '0190b7a4-0000-7000-8000-000000000001' as SessionId,
      attempts: [anAttempt({ transactions: [aTransaction({ ack: { message: 'card 4111111111111111 refused' } })] })],
      extraData: 'x',
    });
    await stores.sessions.insert(session);
    await stores.chargebacks.insertIfAbsent(aChargeback({ amount: money(4111, 'EUR'), reasonCode: 'token=ApplePayBlob' }));
    await stores.merchants.upsert(aMerchantAccount({ contracts: [{ method: 'card', provider: 'fake', settings: { ApplePayBlob: true } }] }));

    const hits = scanForSentinels(stores.database, ['4111111111111111', 'ApplePayBlob']);
    expect(hits).toEqual(
      expect.arrayContaining([
        { sentinel: '4111111111111111', collection: 'sessions', documentId: session.id, path: '$.attempts[0].transactions[0].ack.message' },
        expect.objectContaining({ sentinel: 'ApplePayBlob', collection: 'chargebacks', path: '$.reasonCode' }),
        expect.objectContaining({ sentinel: 'ApplePayBlob', collection: 'merchant_accounts' }),
      ]),
    );
    expect(scanForSentinels(stores, ['4111'])).toEqual(
      expect.arrayContaining([expect.objectContaining({ collection: 'chargebacks', path: '$.amount.amount' })]),
    );
  });
});
