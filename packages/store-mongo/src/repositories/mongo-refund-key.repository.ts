import { randomUUID } from 'node:crypto';
import type { AttemptId, MerchantId, RefundKeyClaim, RefundKeyRecord, RefundKeyRepository } from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { isDuplicateKeyError } from '../duplicate-key';
import { refundKeyFromDocument, refundKeyToDocument } from '../documents/refund-key.document';

/** A claim races a release at most this many times before it is reported as a fault. */
const CLAIM_TRIES = 5;

/**
 * RefundKeyRepository: a key is claimed by one insert on the unique (merchantId, attemptId, key)
 * index, never by read-then-write; the loser of a race reads the winner's record.
 */
export class MongoRefundKeyRepository implements RefundKeyRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'refundKeys'>) {}

  async claim(record: RefundKeyRecord): Promise<RefundKeyClaim> {
    for (let attempt = 0; attempt < CLAIM_TRIES; attempt++) {
      try {
        await this.collections.refundKeys.insertOne(refundKeyToDocument(record, randomUUID()));
        return { kind: 'claimed' };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const existing = await this.find(record.merchantId, record.attemptId, record.key);
      if (existing) return { kind: 'exists', record: existing };
      // The holder released the key between our insert and our read: claim again.
    }
    throw new Error(`Refund key of attempt ${record.attemptId}: claim kept racing a release`);
  }

  async find(merchantId: MerchantId, attemptId: AttemptId, key: string): Promise<RefundKeyRecord | null> {
    const doc = await this.collections.refundKeys.findOne({ merchantId, attemptId, key });
    return doc ? refundKeyFromDocument(doc) : null;
  }

  async release(merchantId: MerchantId, attemptId: AttemptId, key: string): Promise<void> {
    await this.collections.refundKeys.deleteOne({ merchantId, attemptId, key });
  }
}
