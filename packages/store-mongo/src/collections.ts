import type { Document } from 'mongodb';
import type { MongoCollectionPort } from './collection.port';
import type { AuthorizationCodeDocument, RefreshTokenDocument, RevokedRefreshFamilyDocument } from './documents/auth-grant.document';
import type { ChargebackDocument } from './documents/chargeback.document';
import type { HitCounterDocument } from './documents/hit-counter.document';
import type { MerchantAccountDocument } from './documents/merchant-account.document';
import type { AttemptViewDocument, TransactionViewDocument } from './documents/search-view.document';
import type { SessionDocument } from './documents/session.document';

/** Every collection of the store, as repositories see them. */
export interface StoreCollections {
  readonly sessions: MongoCollectionPort<SessionDocument>;
  readonly attemptViews: MongoCollectionPort<AttemptViewDocument>;
  readonly transactionViews: MongoCollectionPort<TransactionViewDocument>;
  readonly merchantAccounts: MongoCollectionPort<MerchantAccountDocument>;
  readonly chargebacks: MongoCollectionPort<ChargebackDocument>;
  readonly authorizationCodes: MongoCollectionPort<AuthorizationCodeDocument>;
  readonly refreshTokens: MongoCollectionPort<RefreshTokenDocument>;
  /** The refresh token families revoked (D155): a rotation racing the revocation reads it. */
  readonly revokedRefreshFamilies: MongoCollectionPort<RevokedRefreshFamilyDocument>;
  /** The payer doors' rate-limit counters, shared by every instance (D55). */
  readonly hitCounters: MongoCollectionPort<HitCounterDocument>;
}

export type StoreCollectionKey = keyof StoreCollections;

/** MongoDB collection name of each store collection. */
export const COLLECTION_NAMES: Readonly<Record<StoreCollectionKey, string>> = {
  sessions: 'sessions',
  attemptViews: 'session_attempts',
  transactionViews: 'session_transactions',
  merchantAccounts: 'merchant_accounts',
  chargebacks: 'chargebacks',
  authorizationCodes: 'authorization_codes',
  refreshTokens: 'refresh_tokens',
  revokedRefreshFamilies: 'revoked_refresh_families',
  hitCounters: 'rate_limit_counters',
};

/** Anything that opens a collection by name: a driver `Db`, or the embedded database. */
export type CollectionOpener = <T extends Document>(name: string) => MongoCollectionPort<T>;

export function openStoreCollections(open: CollectionOpener): StoreCollections {
  return {
    sessions: open<SessionDocument>(COLLECTION_NAMES.sessions),
    attemptViews: open<AttemptViewDocument>(COLLECTION_NAMES.attemptViews),
    transactionViews: open<TransactionViewDocument>(COLLECTION_NAMES.transactionViews),
    merchantAccounts: open<MerchantAccountDocument>(COLLECTION_NAMES.merchantAccounts),
    chargebacks: open<ChargebackDocument>(COLLECTION_NAMES.chargebacks),
    authorizationCodes: open<AuthorizationCodeDocument>(COLLECTION_NAMES.authorizationCodes),
    refreshTokens: open<RefreshTokenDocument>(COLLECTION_NAMES.refreshTokens),
    revokedRefreshFamilies: open<RevokedRefreshFamilyDocument>(COLLECTION_NAMES.revokedRefreshFamilies),
    hitCounters: open<HitCounterDocument>(COLLECTION_NAMES.hitCounters),
  };
}
