import type { Chargeback } from '@splitpay/domain';
import { fieldNames, pickFields } from './plain-document';

/** A chargeback with its own delivery state; `_id` is its notificationId (the dedupe key). */
export interface ChargebackDocument extends Omit<Chargeback, 'notificationId'> {
  readonly _id: string;
}

export const CHARGEBACK_FIELDS = fieldNames<Chargeback>({
  notificationId: true,
  merchantId: true,
  sessionId: true,
  attemptId: true,
  transactionId: true,
  orderId: true,
  type: true,
  amount: true,
  provider: true,
  providerRef: true,
  reasonCode: true,
  status: true,
  date: true,
  validUntil: true,
  receivedAt: true,
  delivery: true,
  dueAt: true,
  lease: true,
  version: true,
});

export function chargebackToDocument(chargeback: Chargeback): ChargebackDocument {
  const { notificationId, ...rest } = chargeback;
  return { _id: notificationId, ...rest };
}

export function chargebackFromDocument(doc: ChargebackDocument): Chargeback {
  const fields = pickFields(doc as unknown as Record<string, unknown>, CHARGEBACK_FIELDS) as Omit<Chargeback, 'notificationId'>;
  return { ...fields, notificationId: doc._id };
}
