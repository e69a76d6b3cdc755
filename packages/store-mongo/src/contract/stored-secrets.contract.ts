import { aMerchantAccount, aSession, anAttempt, aTransaction } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/**
 * Stored documents hold what the domain gives, and nothing else: hashes and sealed values for
 * merchant secrets, the elements token's hash only. Read at the document level, below the repository.
 */
export function storedSecretsContract(engine: ContractEngine): void {
  describe(`stored documents on ${engine.name}`, () => {
    const store = useFreshStore(engine);

    it('hold a merchant account with its hashes and sealed values as given, and no other value', async () => {
      const account = aMerchantAccount({
        secretHash: 'scrypt$N=16384$salt$digest-of-client-secret',
        webhookAuthorizationSealed: 'sealed:v1:authorization',
        webhookSigningSecretSealed: 'sealed:v1:signing',
        contacts: [{ email: 'ops@m.example', passwordHash: 'scrypt$N=16384$salt$digest-of-password', role: 'admin' }],
      });
      await store().stores.merchants.upsert(account);
      const doc = await store().collections.merchantAccounts.findOne({ _id: account.merchantId });
      expect(doc).toEqual({ _id: account.merchantId, ...account, merchantId: undefined, contracts: [{ method: 'card', provider: 'fake', partialRefunds: true }] });
      expect(Object.keys(doc ?? {}).sort()).toEqual(
        ['_id', 'secretHash', 'webhookAuthorizationSealed', 'webhookSigningSecretSealed', 'contracts', 'contacts'].sort(),
      );
    });

    // The token in clear never reaches a repository (the Session model has only its hash); the
    // service-level scan (apps/server/test/security) proves no flow stores it. Here: nothing is added.
    it('hold a session with exactly the fields the domain gave (the elements token as its hash), and no other', async () => {
      const session = aSession({
        elementsTokenHash: 'a'.repeat(64),
        attempts: [anAttempt({ transactions: [aTransaction({ providerRef: 'ref-1' })] })],
      });
      await store().stores.sessions.insert(session);
      const doc = await store().collections.sessions.findOne({ _id: session.id });
      expect(doc?.elementsTokenHash).toBe('a'.repeat(64));
      const { id: _id, ...fields } = session;
      expect(Object.keys(doc ?? {}).sort()).toEqual([...Object.keys(fields), '_id', 'providerRefs'].sort());
      expect(doc?.providerRefs).toEqual([JSON.stringify(['fake', 'ref-1'])]);
    });
  });
}
