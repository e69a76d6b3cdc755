import type { OperationRef, PspFact } from '@splitpay/domain';
import { followUpRef } from './follow-up-ref';
import { openingFacts, type OpeningContext } from './payment-status';
import { refundedPaymentFacts, refundObjectFacts, refundOutputOf } from './refund-verdict';
import { openingId, openingRef, readPayment, type WorldlinePayment } from './worldline-payment';

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

/**
 * The statuses of a payment a chargeback has debited. CHARGEBACK_NOTIFICATION (a dispute notified,
 * no money taken yet) is not one: the contract's chargeback is a debit, and its CHARGEBACKED follows.
 */
export const CHARGEBACK_STATUSES = ['CHARGEBACKED'];

/**
 * What an event says, as facts. The opening's verdict is named by our transaction id (the
 * merchantReference we sent) and the reference our opening recorded (the payment's opening id, or
 * the id of the hosted checkout that created it); a capture's, void's or refund's verdict by that
 * reference (by our transaction id for a hosted checkout's payment whose event does not name the
 * hosted checkout): the service applies it to the attempt's pending operation of that kind. A refund
 * object's verdict names the refund operation (its id, our transaction id when echoed), whatever the
 * type: Worldline's own modules read `payment.refunded` as carrying a `refund`. A refund event that
 * carries a payment instead is never read as a verdict on the opening.
 */
export function eventFacts(event: WorldlineEvent, context: OpeningContext): PspFact[] {
  const { payment, refund } = event;
  if (refund && readsRefund(event)) return refundObjectFacts(event.type, refund);
  if (!payment) return [];
  if (event.type.startsWith('refund.')) return refundedPaymentFacts(payment);
  // The payment's opening as we recorded it: a capture's, void's or refund's verdict goes to the attempt's pending one.
  const ref = followUpRef(payment);
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
      // A direct payment Worldline failed to collect is declined; a hold's capture failed (the service keeps what applies).
      return [...openingFacts(payment, context), { kind: 'captured', success: false, ref, statusCode: code, statusMessage: 'Worldline rejected the capture' }];
    case 'payment.cancelled':
      // Before a verdict the payer backed out in the app; after one, our void went through.
      return [...openingFacts(payment, context), { kind: 'voided', success: true, ref, statusCode: code }];
    case 'payment.refunded':
      return refundedPaymentFacts(payment);
    default:
      return [];
  }
}

/** Whether the event's facts are read from its refund object: a refund event's, or the refund of an event carrying no payment. */
function readsRefund(event: WorldlineEvent): boolean {
  return event.refund !== undefined && (event.type.startsWith('refund.') || !event.payment);
}

/**
 * The operation an event names, to find the contract serving it: the object `eventFacts` reads, so the
 * contract whose webhook key verifies is the one serving the operation the facts name (D80). A payment
 * by our opening's merchantReference and the reference our opening recorded; a refund by our refund's
 * transaction id (its operation reference), else the payment's merchantReference, and its payment's
 * opening id.
 */
export function namedOperation(event: WorldlineEvent): OperationRef | undefined {
  if (!readsRefund(event)) return event.payment ? openingOperation(event.payment) : undefined;
  if (!event.refund) return undefined;
  const output = refundOutputOf(event.refund);
  const reference = output?.operationReferences?.merchantReference ?? output?.references?.merchantReference;
  return { ...(reference ? { transactionId: reference } : {}), providerRef: openingId(event.refund.id) };
}

/**
 * A payment's opening operation: our transaction id, which the opening sent as
 * `order.references.merchantReference` and Worldline echoes as `paymentOutput.references.merchantReference`,
 * and the reference the opening recorded (the hosted checkout's id, else the payment's opening id).
 */
function openingOperation(payment: WorldlinePayment): OperationRef {
  const reference = payment.paymentOutput?.references?.merchantReference;
  return { ...(reference ? { transactionId: reference } : {}), providerRef: openingRef(payment) };
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
