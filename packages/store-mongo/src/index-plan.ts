import type { IndexKeyPattern, IndexOptionsPort } from './collection.port';
import type { StoreCollectionKey } from './collections';

/** One index to create at start. */
export interface IndexSpec {
  readonly key: IndexKeyPattern;
  readonly options: IndexOptionsPort & { readonly name: string };
}

/** Newest first, the order of every search: createdAt then id, both descending. */
const NEWEST = { createdAt: -1, _id: -1 } as const;

/** Present-only: a multikey unique index must not index "missing" (empty arrays) as a duplicate null. */
const present = (path: string) => ({ partialFilterExpression: { [path]: { $exists: true } } });

/**
 * Every index of the store. Each query a repository makes is served by one of these (the embedded
 * engine refuses a query that is not, and a test checks that each index serves a query). `_id` is the
 * natural key wherever one exists: session id, notificationId, merchant id, code and token digests.
 */
export const INDEX_PLAN: Readonly<Record<StoreCollectionKey, readonly IndexSpec[]>> = {
  sessions: [
    { key: { elementsTokenHash: 1 }, options: { name: 'elements_token_hash_unique', unique: true } },
    { key: { 'attempts.id': 1 }, options: { name: 'attempt_id_unique', unique: true, ...present('attempts.id') } },
    {
      key: { 'attempts.transactions.id': 1 },
      options: { name: 'transaction_id_unique', unique: true, ...present('attempts.transactions.id') },
    },
    // Idempotent creation (D63): one session per merchant and key. Present-only, so a creation without
    // a key writes no entry here.
    {
      key: { merchantId: 1, 'idempotency.key': 1 },
      options: { name: 'merchant_idempotency_key_unique', unique: true, ...present('idempotency.key') },
    },
    { key: { providerRefs: 1 }, options: { name: 'provider_ref' } },
    { key: { dueAt: 1 }, options: { name: 'due_at' } },
    // The session-ended worker's claim: its own instant, so a hanging merchant endpoint never holds a session turn.
    { key: { notificationDueAt: 1 }, options: { name: 'notification_due_at' } },
    { key: { updatedAt: 1, _id: 1 }, options: { name: 'updated_at' } },
    // The repair of search entries a failed entry write left lagging (search/entry-follower.ts). Present-only:
    // a session is marked only after such a failure, until its repair, so the index stays nearly empty.
    { key: { entriesDirty: 1 }, options: { name: 'entries_dirty', ...present('entriesDirty') } },
    { key: { merchantId: 1, ...NEWEST }, options: { name: 'merchant_newest' } },
    { key: { merchantId: 1, orderId: 1, ...NEWEST }, options: { name: 'merchant_order_newest' } },
    { key: { merchantId: 1, status: 1, ...NEWEST }, options: { name: 'merchant_status_newest' } },
    // The operators' replay after an endpoint was down (tools/ops): abandoned messages by first failure.
    // Present-only: a session holds a delivery once it ended, so creations and payments in flight never
    // write this index.
    {
      key: { merchantId: 1, 'notification.delivery.abandoned': 1, 'notification.delivery.firstFailedAt': 1, _id: 1 },
      options: { name: 'merchant_abandoned_notification', ...present('notification.delivery.abandoned') },
    },
  ],
  attemptViews: [
    { key: { merchantId: 1, ...NEWEST }, options: { name: 'merchant_newest' } },
    { key: { merchantId: 1, orderId: 1, ...NEWEST }, options: { name: 'merchant_order_newest' } },
    { key: { merchantId: 1, sessionId: 1, ...NEWEST }, options: { name: 'merchant_session_newest' } },
    { key: { merchantId: 1, status: 1, ...NEWEST }, options: { name: 'merchant_status_newest' } },
    { key: { merchantId: 1, method: 1, ...NEWEST }, options: { name: 'merchant_method_newest' } },
    { key: { merchantId: 1, provider: 1, ...NEWEST }, options: { name: 'merchant_provider_newest' } },
  ],
  transactionViews: [
    { key: { merchantId: 1, ...NEWEST }, options: { name: 'merchant_newest' } },
    { key: { merchantId: 1, orderId: 1, ...NEWEST }, options: { name: 'merchant_order_newest' } },
    { key: { merchantId: 1, providerRef: 1, ...NEWEST }, options: { name: 'merchant_provider_ref_newest' } },
    { key: { merchantId: 1, statusKind: 1, ...NEWEST }, options: { name: 'merchant_status_newest' } },
    // D62: a reconciliation reads one PSP's operations, or only refunds, among all of a merchant's.
    { key: { merchantId: 1, provider: 1, ...NEWEST }, options: { name: 'merchant_provider_newest' } },
    { key: { merchantId: 1, type: 1, ...NEWEST }, options: { name: 'merchant_type_newest' } },
  ],
  merchantAccounts: [
    { key: { 'contacts.email': 1 }, options: { name: 'contact_email_unique', unique: true, ...present('contacts.email') } },
  ],
  chargebacks: [
    { key: { dueAt: 1 }, options: { name: 'due_at' } },
    { key: { merchantId: 1, sessionId: 1, receivedAt: 1, _id: 1 }, options: { name: 'merchant_session_received' } },
    // The operators' replay (tools/ops), as the sessions' merchant_abandoned_notification. Present-only:
    // a chargeback of an account without a chargeback address holds no delivery.
    {
      key: { merchantId: 1, 'delivery.abandoned': 1, 'delivery.firstFailedAt': 1, _id: 1 },
      options: { name: 'merchant_abandoned_delivery', ...present('delivery.abandoned') },
    },
  ],
  authorizationCodes: [{ key: { purgeAt: 1 }, options: { name: 'purge_ttl', expireAfterSeconds: 0 } }],
  refreshTokens: [
    { key: { familyId: 1 }, options: { name: 'family' } },
    { key: { purgeAt: 1 }, options: { name: 'purge_ttl', expireAfterSeconds: 0 } },
  ],
  // Read by `_id` only; the TTL drops a family's mark with the family.
  revokedRefreshFamilies: [{ key: { purgeAt: 1 }, options: { name: 'purge_ttl', expireAfterSeconds: 0 } }],
  // Counters are read by `_id` only; an ended one is reset in place, so the TTL only tidies up.
  hitCounters: [{ key: { resetAt: 1 }, options: { name: 'reset_ttl', expireAfterSeconds: 0 } }],
};
