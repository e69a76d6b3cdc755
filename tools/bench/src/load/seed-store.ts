import { attemptViewsOf, openStoreCollections, sessionToDocument, transactionViewsOf } from '@splitpay/store-mongo';
import type { EmbeddedDatabase } from '@splitpay/store-embedded';
import { splitOrderFactory } from '../domain-lifecycle.bench';

/**
 * Stores `count` paid two-tranche sessions of `merchantId` straight into the embedded engine's
 * collections: the very documents the session repository writes (the session and its 6 search
 * entries), each inserted once. The repository's path would upsert each search entry after reading
 * it (a write made for concurrent writers): the same documents and index entries in the end, several
 * times slower, and only the store's size counts here.
 */
export async function seedPaidSessions(database: EmbeddedDatabase, merchantId: string, count: number): Promise<void> {
  const collections = openStoreCollections((name) => database.collection(name));
  const makeSession = splitOrderFactory(merchantId);
  for (let i = 0; i < count; i++) {
    const doc = sessionToDocument(makeSession());
    await collections.sessions.insertOne(doc);
    for (const view of attemptViewsOf(doc)) await collections.attemptViews.insertOne(view);
    for (const view of transactionViewsOf(doc)) await collections.transactionViews.insertOne(view);
  }
}
