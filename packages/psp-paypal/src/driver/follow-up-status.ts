import type { PspFact, TransactionId } from '@splitpay/domain';
import type { PayPalPayment } from '../api/paypal-order';

export type FollowUpKind = 'captured' | 'voided' | 'refunded';

/** Payment statuses that end a follow-up: a success, or a failure told as a failed verdict; the rest (PENDING) say not yet. */
const DONE: Readonly<Record<FollowUpKind, { readonly ok: readonly string[]; readonly failed: readonly string[] }>> = {
  captured: { ok: ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'], failed: ['DECLINED', 'FAILED'] },
  voided: { ok: ['VOIDED'], failed: [] },
  refunded: { ok: ['COMPLETED'], failed: ['FAILED', 'CANCELLED'] },
};

/** The fact of our follow-up `transactionId`. */
export function followUpFact(kind: FollowUpKind, success: boolean, transactionId: TransactionId, statusCode: string, providerRef?: string): PspFact {
  return {
    kind,
    success,
    ref: { transactionId, ...(providerRef ? { providerRef } : {}) },
    ...(providerRef ? { providerRef } : {}),
    statusCode,
  };
}

/** Whether a capture's, void's or refund's status is a success, a failure, or undefined while PayPal has no verdict (PENDING). */
export function successOfStatus(kind: FollowUpKind, status: string): boolean | undefined {
  if (DONE[kind].ok.includes(status)) return true;
  if (DONE[kind].failed.includes(status)) return false;
  return undefined;
}

/** The verdict a capture's, void's or refund's resource says, or undefined while PayPal has none (PENDING). */
export function verdictOfPayment(kind: FollowUpKind, payment: PayPalPayment, transactionId: TransactionId): PspFact | undefined {
  const success = successOfStatus(kind, payment.status);
  return success === undefined ? undefined : followUpFact(kind, success, transactionId, payment.status, payment.id);
}
