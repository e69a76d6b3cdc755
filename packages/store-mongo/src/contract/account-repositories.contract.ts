import type { AttemptId, MerchantId, RefundKeyRecord, TransactionId } from '@splitpay/domain';
import { aMerchantAccount, newId, newMerchantId, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** MerchantAccountRepository and RefundKeyRepository. */
export function accountRepositoriesContract(engine: ContractEngine): void {
  describe(`MerchantAccountRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const merchants = () => store().stores.merchants;

    it('upserts an account and finds it by id and by contact email', async () => {
      const account = aMerchantAccount({
        notificationUrl: 'https://merchant.example/hook',
        webhookAuthorizationSealed: 'sealed:v1:auth',
        contacts: [{ email: 'ops@merchant.example', passwordHash: 'scrypt$x', role: 'admin' }],
        contracts: [{ method: 'card', provider: 'fake', schemes: ['visa'], settings: { merchantAccount: 'ACME_EUR', 'dotted.key': 1 } }],
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

    it('keeps contact emails unique across accounts, and accounts without contacts apart', async () => {
      await merchants().upsert(aMerchantAccount({ contacts: [{ email: 'shared@m.example', passwordHash: 'h', role: 'admin' }] }));
      await expect(
        merchants().upsert(aMerchantAccount({ contacts: [{ email: 'shared@m.example', passwordHash: 'h', role: 'admin' }] })),
      ).rejects.toMatchObject({ code: 11000 });
      await merchants().upsert(aMerchantAccount({ contacts: [] }));
      await merchants().upsert(aMerchantAccount({ contacts: [] }));
    });
  });

  describe(`RefundKeyRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const keys = () => store().stores.refundKeys;
    const aKey = (overrides: Partial<RefundKeyRecord> = {}): RefundKeyRecord => ({
      merchantId: 'm-1' as MerchantId,
      attemptId: newId() as AttemptId,
      key: 'key-1',
      amount: 500,
      transactionId: newId() as TransactionId,
      createdAt: T0,
      ...overrides,
    });

    it('claims a key once, then answers the recorded refund', async () => {
      const record = aKey();
      expect(await keys().claim(record)).toEqual({ kind: 'claimed' });
      expect(await keys().claim({ ...record, amount: 900, transactionId: newId() as TransactionId })).toEqual({ kind: 'exists', record });
      expect(await keys().find(record.merchantId, record.attemptId, record.key)).toEqual(record);
    });

    it('scopes a key to its merchant and attempt, and stores a full refund without amount', async () => {
      const { amount: _none, ...full } = aKey();
      expect(await keys().claim(full)).toEqual({ kind: 'claimed' });
      expect(await keys().claim({ ...full, attemptId: newId() as AttemptId })).toEqual({ kind: 'claimed' });
      expect(await keys().claim({ ...full, merchantId: 'm-2' as MerchantId })).toEqual({ kind: 'claimed' });
      expect(await keys().find(full.merchantId, full.attemptId, full.key)).toEqual(full);
      expect(await keys().find(full.merchantId, full.attemptId, 'other')).toBeNull();
    });

    it('gives a key to exactly one of many concurrent claimers', async () => {
      const record = aKey();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => keys().claim({ ...record, transactionId: newId() as TransactionId })),
      );
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      const winner = await keys().find(record.merchantId, record.attemptId, record.key);
      for (const r of results) if (r.kind === 'exists') expect(r.record).toEqual(winner);
    });

    it('forgets a released key so it can be claimed again', async () => {
      const record = aKey();
      await keys().claim(record);
      await keys().release(record.merchantId, record.attemptId, record.key);
      expect(await keys().find(record.merchantId, record.attemptId, record.key)).toBeNull();
      expect(await keys().claim(record)).toEqual({ kind: 'claimed' });
    });
  });
}
