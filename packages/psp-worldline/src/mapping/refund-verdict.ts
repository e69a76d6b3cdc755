import type { PspFact } from '@splitpay/domain';
import { followUpRef } from './follow-up-ref';
import type { WorldlinePayment } from './worldline-payment';

/** A refund's output: our refund's operation reference and the payment's references, as echoed. */
export interface RefundOutput {
  readonly operationReferences?: { readonly merchantReference?: string };
  readonly references?: { readonly merchantReference?: string };
}
export const refundOutputOf = (refund: WorldlinePayment): RefundOutput | undefined => (refund as { refundOutput?: RefundOutput }).refundOutput;

/**
 * The verdict a refund object gives, whatever the event's type (Worldline's own modules read
 * `payment.refunded` as carrying a `refund`): named by the refund's id and our refund's transaction id
 * when echoed, never by the payment's merchantReference, which is our opening's.
 */
export function refundObjectFacts(type: string, refund: WorldlinePayment): PspFact[] {
  const ours = refundOutputOf(refund)?.operationReferences?.merchantReference;
  const ref = { ...(ours ? { transactionId: ours } : {}), providerRef: refund.id };
  if (type === 'refund.refunded' || refund.status === 'REFUNDED') return [{ kind: 'refunded', success: true, ref, statusCode: refund.status }];
  if (type === 'refund.rejected' || refund.status === 'REJECTED') return [{ kind: 'refunded', success: false, ref, statusCode: refund.status, statusMessage: 'Worldline rejected the refund' }];
  return [];
}

/**
 * A refund event that carries the payment instead (`payment.refunded`, or a `refund.*` one): only a
 * REFUNDED payment says anything, and only that it is refunded in full: a verdict the service applies
 * to the attempt's pending refund if that refund completes it (`inFull`); never a verdict on the
 * opening. A payment still CAPTURED (a partial refund's event, maybe a late one about an earlier
 * refund) names no refund, so it settles none.
 */
export function refundedPaymentFacts(payment: WorldlinePayment): PspFact[] {
  if (payment.status !== 'REFUNDED') return [];
  return [{ kind: 'refunded', success: true, inFull: true, ref: followUpRef(payment), statusCode: String(payment.statusOutput?.statusCode ?? payment.status) }];
}
