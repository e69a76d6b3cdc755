import type { AttemptId, MerchantId, TransactionId } from '../ids/ids';

/** An idempotency key recorded for a refund of one attempt. */
export interface RefundKeyRecord {
  readonly merchantId: MerchantId;
  readonly attemptId: AttemptId;
  readonly key: string;
  /** The amount asked; absent for a full refund (whatever remained). */
  readonly amount?: number;
  /** The refund transaction this key names. */
  readonly transactionId: TransactionId;
  readonly createdAt: number;
}

export type RefundKeyClaim = { readonly kind: 'claimed' } | { readonly kind: 'exists'; readonly record: RefundKeyRecord };

/** Idempotency keys of refunds, unique per (merchant, attempt, key), claimed in one atomic write. */
export interface RefundKeyRepository {
  claim(record: RefundKeyRecord): Promise<RefundKeyClaim>;
  find(merchantId: MerchantId, attemptId: AttemptId, key: string): Promise<RefundKeyRecord | null>;
  /** Forgets a key whose request was refused, so nothing is recorded for a refused request. */
  release(merchantId: MerchantId, attemptId: AttemptId, key: string): Promise<void>;
}
