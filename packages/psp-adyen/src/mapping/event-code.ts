import { type OperationRef, type PspFact } from '@splitpay/domain';
import { str } from '../client/adyen-ack';
import { cardSchemeOf } from './card-scheme';
import { itemAmountOf } from './item-amount';
import { declineCategoryOf } from './refusal-reason';

/** A NotificationRequestItem as read (fields beyond these are ignored). */
export interface NotificationItem {
  readonly eventCode?: string;
  readonly success?: string;
  readonly pspReference?: string;
  readonly originalReference?: string;
  readonly merchantAccountCode?: string;
  readonly merchantReference?: string;
  readonly amount?: { readonly value?: number; readonly currency?: string };
  readonly eventDate?: string;
  readonly reason?: string;
  readonly paymentMethod?: string;
  readonly additionalData?: Readonly<Record<string, unknown>>;
}

// NOTIFICATION_OF_CHARGEBACK (a dispute opened, no money moved yet) is none of these: the contract's
// `chargeback` is a debit, and its CHARGEBACK follows when the funds are taken.
// A Map, not an object: an event code is Adyen's text, and `toString` or `__proto__` must name no dispute.
const CHARGEBACKS: ReadonlyMap<string, 'chargeback' | 'representment'> = new Map([
  ['CHARGEBACK', 'chargeback'],
  ['SECOND_CHARGEBACK', 'chargeback'],
  ['PREARBITRATION_LOST', 'chargeback'],
  ['CHARGEBACK_REVERSED', 'representment'],
  ['PREARBITRATION_WON', 'representment'],
]);

/** The dispute type an event code announces, or undefined when it announces none. */
export function disputeTypeOf(eventCode: unknown): 'chargeback' | 'representment' | undefined {
  return typeof eventCode === 'string' ? CHARGEBACKS.get(eventCode) : undefined;
}

// The event codes that are themselves a failure: their `reason` says why, whatever `success` says.
const FAILURE_CODES: ReadonlySet<string> = new Set(['CAPTURE_FAILED', 'REFUND_FAILED', 'REFUNDED_REVERSED']);

/**
 * Adyen's `reason` as our statusMessage: only on an item that reports a failure (success "false", or
 * an event code that is one). On a successful AUTHORISATION by card Adyen writes there the
 * authorisation code, the card's last four digits and its expiry ("874574:1111:03/2030"): card data,
 * never stored nor shown (D125-a).
 */
function failureReasonOf(item: NotificationItem): string | undefined {
  const failed = item.success === 'false' || FAILURE_CODES.has(item.eventCode ?? '');
  return failed ? str(item.reason) : undefined;
}

/** The day of an Adyen date (`eventDate`, `defensePeriodEndsAt`), or undefined when it is none. */
export const day = (date: unknown): string | undefined => (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : undefined);

/**
 * The facts of one authenticated item. Our transaction id is the `reference` we sent (the payment's,
 * or the capture's, cancel's or refund's), echoed as merchantReference; pspReference names the
 * operation at Adyen (originalReference its payment, on modifications).
 * - AUTHORISATION: authorized (the amount) or declined (the reason's category)
 * - CAPTURE: captured, failed when success is false; CAPTURE_FAILED (the scheme rejected a capture
 *   Adyen had confirmed): a failed capture that `reverses` it
 * - CANCELLATION, TECHNICAL_CANCEL: voided; CANCEL_OR_REFUND: voided or refunded per modification.action
 * - REFUND: refunded, failed when success is false; REFUND_FAILED (the scheme rejected it after
 *   REFUND) and REFUNDED_REVERSED (the refunded money came back): a failed refund that `reverses` it,
 *   whatever `success` says (the event code is the failure)
 * - CHARGEBACK, SECOND_CHARGEBACK, PREARBITRATION_LOST: chargeback (funds taken);
 *   CHARGEBACK_REVERSED, PREARBITRATION_WON: representment
 * Other event codes carry no fact (acknowledged, nothing changes), NOTIFICATION_OF_CHARGEBACK among
 * them: a dispute opened moves no money, and its CHARGEBACK, the debit, follows.
 */
export function factsOfItem(item: NotificationItem): PspFact[] {
  const code = item.eventCode ?? '';
  const success = item.success === 'true';
  const pspReference = str(item.pspReference);
  const transactionId = str(item.merchantReference);
  const ref = { ...(transactionId ? { transactionId } : {}), ...(pspReference ? { providerRef: pspReference } : {}) };
  const read = itemAmountOf(item.amount);
  const amount = read.kind === 'read' ? read.money : undefined;
  const reason = failureReasonOf(item);
  const told = { statusCode: code, ...(reason ? { statusMessage: reason } : {}) };
  const followUp = (kind: 'captured' | 'voided' | 'refunded', ok: boolean): PspFact[] => [{ kind, success: ok, ref, ...(pspReference ? { providerRef: pspReference } : {}), ...told }];
  // These arrive after the operation was confirmed (its CAPTURE or REFUND): the PSP undoes it.
  const undone = (kind: 'captured' | 'refunded'): PspFact[] => [{ kind, success: false, reverses: true, ref, ...(pspReference ? { providerRef: pspReference } : {}), ...told }];

  switch (code) {
    case 'AUTHORISATION': {
      if (success) {
        if (!amount) return [];
        const scheme = cardSchemeOf(item.paymentMethod);
        const alias = str(item.additionalData?.['recurring.recurringDetailReference']) ?? str(item.additionalData?.['tokenization.storedPaymentMethodId']);
        return [{ kind: 'authorized', ref, ...(pspReference ? { providerRef: pspReference } : {}), granted: amount, ...told, ...(scheme ? { cardScheme: scheme } : {}), ...(alias ? { cardAlias: alias } : {}) }];
      }
      const category = declineCategoryOf(str(item.additionalData?.refusalReasonCode), reason);
      return [{ kind: 'declined', ref, ...(pspReference ? { providerRef: pspReference } : {}), ...(category ? { category } : {}), ...told }];
    }
    case 'CAPTURE':
      return followUp('captured', success);
    case 'CAPTURE_FAILED':
      return undone('captured');
    case 'CANCELLATION':
    case 'TECHNICAL_CANCEL':
      return followUp('voided', success);
    case 'CANCEL_OR_REFUND':
      return followUp(item.additionalData?.['modification.action'] === 'refund' ? 'refunded' : 'voided', success);
    case 'REFUND':
      return followUp('refunded', success);
    case 'REFUND_FAILED':
    case 'REFUNDED_REVERSED':
      return undone('refunded');
    default: {
      const type = disputeTypeOf(code);
      const paymentRef = str(item.originalReference) ?? pspReference;
      const date = day(item.eventDate);
      if (!type || !paymentRef || !amount || !date) return [];
      const reasonCode = str(item.additionalData?.chargebackReasonCode);
      const validUntil = day(item.additionalData?.defensePeriodEndsAt);
      return [{ kind: 'chargeback', providerRef: paymentRef, type, amount, date, status: code, ...(reasonCode ? { reasonCode } : {}), ...(validUntil ? { validUntil } : {}) }];
    }
  }
}

/**
 * The operation the facts of `item` name, exactly as `factsOfItem` names it: its contract's HMAC key is
 * the one that must verify the item (docs/decisions.md D80). A dispute names the payment
 * (originalReference, else pspReference); every other item our transaction id (merchantReference) and
 * its own pspReference.
 */
export function namedOperation(item: NotificationItem): OperationRef {
  const pspReference = str(item.pspReference);
  if (disputeTypeOf(item.eventCode) !== undefined) {
    const paymentRef = str(item.originalReference) ?? pspReference;
    return paymentRef ? { providerRef: paymentRef } : {};
  }
  const transactionId = str(item.merchantReference);
  return { ...(transactionId ? { transactionId } : {}), ...(pspReference ? { providerRef: pspReference } : {}) };
}
