import type { AttemptId, MerchantId, SessionId, TransactionId } from '../ids/ids';
import type { Money } from '../money/money';
import type { Delivery, Lease } from '../session/session.model';

/** A dispute a PSP raised on an operation, attached to the exact transaction the money moved on. */
export interface Chargeback {
  /** `<providerRef>:<type>:<date>:<amount>` (chargeback or representment; the PSP's dispute reference in place of providerRef when it gives one, D141): the dedupe key and the webhook notificationId. */
  readonly notificationId: string;
  readonly merchantId: MerchantId;
  readonly sessionId: SessionId;
  readonly attemptId: AttemptId;
  readonly transactionId: TransactionId;
  readonly orderId: string;
  readonly type: 'chargeback' | 'representment';
  readonly amount: Money;
  readonly provider: string;
  readonly providerRef: string;
  readonly reasonCode?: string;
  readonly status?: string;
  readonly date: string;
  readonly validUntil?: string;
  readonly receivedAt: number;
  /** Absent when the account declares no chargeback address: nothing is sent. */
  readonly delivery?: Delivery;
  readonly dueAt?: number;
  readonly lease?: Lease;
  readonly version: number;
}
