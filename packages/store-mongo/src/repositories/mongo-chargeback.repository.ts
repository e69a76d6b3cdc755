import {
  CHARGEBACKS_PER_SESSION_LIMIT,
  type AbandonedChargebackPage,
  type AbandonedChargebackSearch,
  type Chargeback,
  type ChargebackRepository,
  type MerchantId,
  type SaveResult,
  type SessionId,
} from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { isDuplicateKeyError } from '../duplicate-key';
import { CHARGEBACK_FIELDS, chargebackFromDocument, chargebackToDocument } from '../documents/chargeback.document';
import { rewriteFields } from '../documents/plain-document';
import { abandonedDeliveryPage } from './abandoned-deliveries';
import { claimOfEarliestDue, releaseOfLease, renewalOfLease } from './due-lease';

const DELIVERY_FIELDS = { abandoned: 'delivery.abandoned', firstFailedAt: 'delivery.firstFailedAt' };
const WRITTEN_FIELDS = CHARGEBACK_FIELDS.filter((field) => field !== 'notificationId');

/** ChargebackRepository: one document per chargeback, `_id` its notificationId (the dedupe key). */
export class MongoChargebackRepository implements ChargebackRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'chargebacks'>) {}

  async insertIfAbsent(chargeback: Chargeback): Promise<'inserted' | 'duplicate'> {
    try {
      await this.collections.chargebacks.insertOne(chargebackToDocument(chargeback));
      return 'inserted';
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'duplicate';
      throw error;
    }
  }

  async findByNotificationId(notificationId: string): Promise<Chargeback | null> {
    const doc = await this.collections.chargebacks.findOne({ _id: notificationId });
    return doc ? chargebackFromDocument(doc) : null;
  }

  async listForSession(merchantId: MerchantId, sessionId: SessionId): Promise<Chargeback[]> {
    const docs = await this.collections.chargebacks
      .find({ merchantId, sessionId })
      .sort({ receivedAt: 1, _id: 1 })
      .limit(CHARGEBACKS_PER_SESSION_LIMIT)
      .toArray();
    return docs.map(chargebackFromDocument);
  }

  /** Same contract as the session's save: version check, lease left alone unless its owner releases it. */
  async save(chargeback: Chargeback, options: { readonly expectedVersion: number; readonly leaseOwner?: string }): Promise<SaveResult> {
    if (chargeback.version !== options.expectedVersion + 1) {
      throw new Error(`Chargeback ${chargeback.notificationId}: saving version ${chargeback.version} over ${options.expectedVersion} (must be one more)`);
    }
    const doc = chargebackToDocument(chargeback);
    const { $set, $unset } = rewriteFields(doc as unknown as Record<string, unknown>, WRITTEN_FIELDS, ['lease']);
    if (options.leaseOwner !== undefined) $unset.lease = '';
    const result = await this.collections.chargebacks.updateOne(
      {
        _id: doc._id,
        version: options.expectedVersion,
        ...(options.leaseOwner !== undefined ? { 'lease.owner': options.leaseOwner } : {}),
      },
      Object.keys($unset).length > 0 ? { $set, $unset } : { $set },
    );
    return result.matchedCount === 1 ? 'saved' : 'conflict';
  }

  async claimDue(now: number, owner: string, leaseMs: number): Promise<Chargeback | null> {
    const doc = await this.collections.chargebacks.findOneAndUpdate(...claimOfEarliestDue(now, owner, leaseMs));
    return doc ? chargebackFromDocument(doc) : null;
  }

  async renewLease(notificationId: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.collections.chargebacks.updateOne(...renewalOfLease(notificationId, owner, now, leaseMs));
    return result.matchedCount === 1;
  }

  async releaseLease(notificationId: string, owner: string): Promise<void> {
    await this.collections.chargebacks.updateOne(...releaseOfLease(notificationId, owner));
  }

  /** One walk of the `merchant_abandoned_delivery` index, as the sessions' abandoned notifications (abandoned-deliveries.ts). */
  findAbandonedDeliveries(query: AbandonedChargebackSearch): Promise<AbandonedChargebackPage> {
    const { after, ...window } = query;
    return abandonedDeliveryPage(this.collections.chargebacks, DELIVERY_FIELDS, { ...window, ...(after ? { after: { firstFailedAt: after.firstFailedAt, id: after.notificationId } } : {}) }, {
      item: chargebackFromDocument,
      positionOf: (chargeback) => (chargeback.delivery?.firstFailedAt !== undefined ? { firstFailedAt: chargeback.delivery.firstFailedAt, notificationId: chargeback.notificationId } : undefined),
    });
  }

}
