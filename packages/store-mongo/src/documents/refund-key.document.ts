import type { RefundKeyRecord } from '@splitpay/domain';
import { fieldNames, pickFields, withoutUndefined } from './plain-document';

/** A refund idempotency key; unique on (merchantId, attemptId, key) by index. */
export interface RefundKeyDocument extends RefundKeyRecord {
  readonly _id: string;
}

const REFUND_KEY_FIELDS = fieldNames<RefundKeyRecord>({
  merchantId: true,
  attemptId: true,
  key: true,
  amount: true,
  transactionId: true,
  createdAt: true,
});

export function refundKeyToDocument(record: RefundKeyRecord, id: string): RefundKeyDocument {
  return { _id: id, ...withoutUndefined(record) };
}

export function refundKeyFromDocument(doc: RefundKeyDocument): RefundKeyRecord {
  return pickFields(doc as unknown as Record<string, unknown>, REFUND_KEY_FIELDS) as unknown as RefundKeyRecord;
}
