import type { PspFact } from '@splitpay/domain';
import { openingFacts, type OpeningContext } from './payment-status';
import { openingId, readPayment, type WorldlinePayment } from './worldline-payment';

/** A Worldline Direct webhook event (one per delivery): its type and the object it is about. */
export interface WorldlineEvent {
  readonly id?: string;
  readonly type: string;
  readonly created?: string;
  readonly payment?: WorldlinePayment;
  readonly refund?: WorldlinePayment;
}

/** Chargeback events (known on Worldline Connect; unconfirmed on Direct): confirmed by a status lookup first. */
export const CHARGEBACK_EVENTS = ['payment.chargeback_notification', 'payment.chargebacked'];

/** The statuses of a payment a chargeback has hit. */
export const CHARGEBACK_STATUSES = ['CHARGEBACK_NOTIFICATION', 'CHARGEBACKED'];

/**
 * What an event says, as facts. The opening's verdict is named by our transaction id (the
 * merchantReference we sent) and the payment's opening id; a capture's, void's or refund's verdict by
 * the payment's opening id: the service applies it to the attempt's pending operation of that kind.
 * A refund event's verdict names the refund operation (its id, our transaction id when echoed).
 */
export function eventFacts(event: WorldlineEvent, context: OpeningContext): PspFact[] {
  const payment = event.payment;
  if (event.type.startsWith('refund.')) {
    const refund = event.refund;
    if (!refund) return [];
    // A refund event names the refund operation itself, and our refund's transaction id when echoed.
    const ours = (refund as { refundOutput?: { operationReferences?: { merchantReference?: string } } }).refundOutput?.operationReferences?.merchantReference;
    const ref = { ...(ours ? { transactionId: ours } : {}), providerRef: refund.id };
    if (event.type === 'refund.refunded' || refund.status === 'REFUNDED') return [{ kind: 'refunded', success: true, ref, statusCode: refund.status }];
    if (event.type === 'refund.rejected' || refund.status === 'REJECTED') return [{ kind: 'refunded', success: false, ref, statusCode: refund.status, statusMessage: 'Worldline rejected the refund' }];
    return [];
  }
  if (!payment) return [];
  const ref = { providerRef: openingId(payment.id) };
  const code = String(payment.statusOutput?.statusCode ?? payment.status);
  switch (event.type) {
    case 'payment.pending_capture':
    case 'payment.capture_requested':
    case 'payment.pending_approval':
    case 'payment.rejected':
      return openingFacts(payment, context);
    case 'payment.captured':
    case 'payment.paid':
      // A direct sale's only verdict, or a hold's capture: the service keeps what applies.
      return [...openingFacts(payment, context), { kind: 'captured', success: true, ref, statusCode: code }];
    case 'payment.rejected_capture':
      return [{ kind: 'captured', success: false, ref, statusCode: code, statusMessage: 'Worldline rejected the capture' }];
    case 'payment.cancelled':
      // Before a verdict the payer backed out in the app; after one, our void went through.
      return [...openingFacts(payment, context), { kind: 'voided', success: true, ref, statusCode: code }];
    case 'payment.refunded':
      return [{ kind: 'refunded', success: true, ref, statusCode: code }];
    default:
      return [];
  }
}

/** The event's object, read loosely (the parser verified the signature first). */
export function readEvent(value: unknown): WorldlineEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.type !== 'string') return undefined;
  const payment = readPayment(raw.payment);
  const refund = readPayment(raw.refund);
  return {
    type: raw.type,
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    ...(typeof raw.created === 'string' ? { created: raw.created } : {}),
    ...(payment ? { payment } : {}),
    ...(refund ? { refund } : {}),
  };
}
