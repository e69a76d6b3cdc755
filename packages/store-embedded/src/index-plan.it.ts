import { COLLECTION_NAMES, INDEX_PLAN, type StoreCollectionKey } from '@splitpay/store-mongo';
import { fixtures } from '@splitpay/store-mongo/src/contract';
import type { MerchantId } from '@splitpay/domain';
import { createEmbeddedStores } from './create-embedded-stores';

const { aSession, anAttempt, aTransaction, aMerchantAccount, aChargeback, nextVersion, T0, newId } = fixtures;

/**
 * Every kind of query the repositories make, every search filter included, run with the audit in
 * record mode; then the index list is checked against the queries both ways.
 */
async function runEveryQuery() {
  const stores = createEmbeddedStores({ unindexedQueries: 'record' });
  const merchantId = 'm-plan' as MerchantId;
  const transaction = aTransaction({ providerRef: 'ref-1' });
  const attempt = anAttempt({
    transactions: [transaction],
    redirect: { kind: 'form', url: 'https://psp.example/acs', params: { 'odd.name': 'a', $dollar: 'b', TermUrl: 'c' } },
  });
  const session = aSession({ merchantId, dueAt: T0, attempts: [attempt] });
  const s = stores.sessions;
  await s.insert(session);
  await s.findById(session.id);
  await s.findByElementsTokenHash(session.elementsTokenHash);
  await s.findByAttemptId(attempt.id);
  await s.findByTransactionId(transaction.id);
  await s.findByProviderRef('fake', 'ref-1');
  const claimed = await s.claimDue(T0, 'w', 1000);
  await s.save(nextVersion(claimed!, { status: 'PAID' }), { expectedVersion: 1, leaseOwner: 'w' });
  await s.releaseLease(session.id, 'w');
  await s.claimNotificationDue(T0, 'w', 1000);
  await s.postponeNotification(session.id, 'w', T0 + 1);
  await s.recallNotification(session.id, T0 + 1, T0);
  const keyed = () => ({ ...aSession({ merchantId }), idempotency: { key: 'k-1', requestDigest: 'd', tokenSalt: newId() } });
  await s.insertKeyed(keyed());
  await s.insertKeyed(keyed());
  const window = { from: T0 - 1, to: T0 + 1, after: { createdAt: T0 + 1, id: newId() }, limit: 5 };
  for (const filter of [{}, { orderId: session.orderId }, { status: 'PAID' as const }, window]) await s.searchSessions({ merchantId, limit: 5, ...filter });
  for (const filter of [{}, { orderId: 'o' }, { sessionId: session.id }, { status: 'AUTHORIZING' as const }, { method: 'card' as const }, { provider: 'fake' }, window]) {
    await s.searchAttempts({ merchantId, limit: 5, ...filter });
  }
  for (const filter of [{}, { orderId: 'o' }, { providerRef: 'ref-1' }, { status: 'pending' as const }, { provider: 'fake' }, { type: 'refund' as const }, window]) {
    await s.searchTransactions({ merchantId, limit: 5, ...filter });
  }
  for (const filter of [{}, { from: T0 - 1, to: T0 + 1 }, { after: { firstFailedAt: T0, id: session.id } }]) await s.findAbandonedNotifications({ merchantId, limit: 5, ...filter });
  await stores.resyncSearchViews(T0);
  await stores.repairSearchEntries();

  const account = aMerchantAccount({
    contacts: [{ email: 'a@m.example', passwordHash: 'h', role: 'admin' }],
    contracts: [{ method: 'card', provider: 'fake', settings: { 'merchant.account': 'ACME', $weird: { 'a.b': 1 } } }],
  });
  await stores.merchants.upsert(account);
  await stores.merchants.findById(account.merchantId);
  await stores.merchants.findByContactEmail('a@m.example');

  const chargeback = aChargeback({ dueAt: T0 });
  await stores.chargebacks.insertIfAbsent(chargeback);
  await stores.chargebacks.findByNotificationId(chargeback.notificationId);
  await stores.chargebacks.listForSession(chargeback.merchantId, chargeback.sessionId);
  const cb = await stores.chargebacks.claimDue(T0, 'w', 1000);
  await stores.chargebacks.save({ ...cb!, version: 2 }, { expectedVersion: 1, leaseOwner: 'w' });
  await stores.chargebacks.releaseLease(chargeback.notificationId, 'w');
  for (const filter of [{}, { from: T0 - 1, to: T0 + 1 }, { after: { firstFailedAt: T0, notificationId: chargeback.notificationId } }]) {
    await stores.chargebacks.findAbandonedDeliveries({ merchantId: chargeback.merchantId, limit: 5, ...filter });
  }

  const code = { codeHash: newId(), clientId: 'dashboard', redirectUri: 'u', codeChallenge: 'c', merchantId, email: 'a@m.example', role: 'admin' as const, expiresAt: T0 };
  await stores.authCodes.insert(code);
  await stores.authCodes.consume(code.codeHash);
  const token = { tokenHash: newId(), familyId: 'f', merchantId, email: 'a@m.example', role: 'admin' as const, expiresAt: T0 + 10 };
  await stores.refreshTokens.insert(token);
  await stores.refreshTokens.rotate(token.tokenHash, (p) => ({ ...p, tokenHash: newId() }), T0);
  await stores.refreshTokens.rotate(token.tokenHash, (p) => ({ ...p, tokenHash: newId() }), T0);
  await stores.refreshTokens.revokeFamily('f');
  return stores;
}

describe('the index plan against the queries the repositories make', () => {
  it('serves every query with a declared index (no collection scan, no in-memory sort on MongoDB)', async () => {
    const stores = await runEveryQuery();
    expect(stores.database.audit.queries().length).toBeGreaterThan(30);
    expect(stores.database.audit.unindexed()).toEqual([]);
  });

  it('reads a provider- or type-filtered transaction page through an index of that filter, not every entry of the merchant', async () => {
    const searched = (await runEveryQuery()).database.audit.queries().filter((q) => q.collection === COLLECTION_NAMES.transactionViews);
    const indexOf = (field: string) => searched.find((q) => q.shape === JSON.stringify({ merchantId: 'string', [field]: 'string' }))?.index;
    expect(indexOf('provider')).toBe('merchant_provider_newest');
    expect(indexOf('type')).toBe('merchant_type_newest');
  });

  it('declares no index that no query uses (except TTL indexes, which only expire documents)', async () => {
    const used = new Set((await runEveryQuery()).database.audit.queries().map((q) => `${q.collection}.${q.index}`));
    const declared = (Object.keys(INDEX_PLAN) as StoreCollectionKey[]).flatMap((key) =>
      INDEX_PLAN[key].filter((spec) => spec.options.expireAfterSeconds === undefined).map((spec) => `${COLLECTION_NAMES[key]}.${spec.options.name}`),
    );
    expect(declared.filter((name) => !used.has(name))).toEqual([]);
  });

  it('stores only field names MongoDB accepts as is (no "$" prefix, no ".")', async () => {
    const stores = await runEveryQuery();
    const bad: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`));
      else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
        for (const [key, inner] of Object.entries(value)) {
          if (key.startsWith('$') || key.includes('.')) bad.push(`${path}.${key}`);
          visit(inner, `${path}.${key}`);
        }
      }
    };
    for (const collection of stores.database.listCollections()) for (const doc of collection.dump()) visit(doc, collection.name);
    expect(bad).toEqual([]);
  });
});
