import { aMerchantAccount, newMerchantId } from './fixtures';
import { itNeeding, useFreshStore, type ContractEngine } from './harness';

/** MerchantAccountRepository. */
export function accountRepositoriesContract(engine: ContractEngine): void {
  describe(`MerchantAccountRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const merchants = () => store().stores.merchants;

    it('upserts an account and finds it by id and by contact email', async () => {
      const account = aMerchantAccount({
        notificationUrl: 'https://merchant.example/hook',
        webhookAuthorizationSealed: 'sealed:v1:auth',
        contacts: [{ email: 'ops@merchant.example', passwordHash: 'scrypt$x', role: 'admin' }],
        contracts: [
          { method: 'card', provider: 'fake', schemes: ['visa'], settings: { merchantAccount: 'ACME_EUR', 'dotted.key': 1 } },
          { id: 'card-de', method: 'card', provider: 'psp', settings: { merchantAccount: 'ACME_DE' }, sealedSettings: { apiKey: 'sealed:v1:key', 'hmac.key': 'sealed:v1:hmac' } },
        ],
      });
      await merchants().upsert(account);
      expect(await merchants().findById(account.merchantId)).toEqual(account);
      expect(await merchants().findByContactEmail('ops@merchant.example')).toEqual(account);
      expect(await merchants().findById(newMerchantId())).toBeNull();
      expect(await merchants().findByContactEmail('nobody@merchant.example')).toBeNull();
    });

    it('replaces the whole account on a second upsert', async () => {
      const account = aMerchantAccount({ chargebackUrl: 'https://merchant.example/cb', contacts: [{ email: 'a@m.example', passwordHash: 'h', role: 'member' }] });
      await merchants().upsert(account);
      const { chargebackUrl: _gone, ...rest } = account;
      const changed = { ...rest, contacts: [{ email: 'b@m.example', passwordHash: 'h2', role: 'admin' as const }] };
      await merchants().upsert(changed);
      expect(await merchants().findById(account.merchantId)).toEqual(changed);
      expect(await merchants().findByContactEmail('a@m.example')).toBeNull();
    });

    itNeeding(engine, 'unique-array-keys')('keeps contact emails unique across accounts', async () => {
      await merchants().upsert(aMerchantAccount({ contacts: [{ email: 'shared@m.example', passwordHash: 'h', role: 'admin' }] }));
      await expect(
        merchants().upsert(aMerchantAccount({ contacts: [{ email: 'shared@m.example', passwordHash: 'h', role: 'admin' }] })),
      ).rejects.toMatchObject({ code: 11000 });
    });

    it('keeps accounts without contacts apart on the contact email index', async () => {
      const first = aMerchantAccount({ contacts: [] });
      const second = aMerchantAccount({ contacts: [] });
      await merchants().upsert(first);
      await merchants().upsert(second);
      expect(await merchants().findById(second.merchantId)).toEqual(second);
    });
  });
}
