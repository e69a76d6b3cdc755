import { aMerchantAccount, aSession, anAttempt, aTransaction } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** Every string anywhere inside a stored document, with its path. */
function stringsOf(value: unknown, path = '$'): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsOf(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, inner]) => [{ path: `${path}.${key}(key)`, value: key }, ...stringsOf(inner, `${path}.${key}`)]);
  }
  return [];
}

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

    it('hold a session with its elements token hash only, and no field the domain did not give', async () => {
      const token = 'pst_this-is-the-token-in-clear-and-must-never-be-stored';
      const session = aSession({
        elementsTokenHash: 'a'.repeat(64),
        attempts: [anAttempt({ transactions: [aTransaction({ providerRef: 'ref-1' })] })],
      });
      await store().stores.sessions.insert(session);
      const doc = await store().collections.sessions.findOne({ _id: session.id });
      expect(doc?.elementsTokenHash).toBe('a'.repeat(64));
      expect(stringsOf(doc).filter((s) => s.value.includes(token) || s.value.startsWith('pst_'))).toEqual([]);
      const { id: _id, ...fields } = session;
      expect(Object.keys(doc ?? {}).sort()).toEqual([...Object.keys(fields), '_id', 'providerRefs'].sort());
    });
  });
}
