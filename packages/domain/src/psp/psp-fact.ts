import type { CardScheme, DeclineCategory } from '../method/method';
import type { Money } from '../money/money';

/**
 * Which of our operations a PSP message is about: our transaction id when the PSP echoes the
 * reference we sent, else the PSP's own reference of the operation.
 */
export interface OperationRef {
  readonly transactionId?: string;
  readonly providerRef?: string;
}

interface FactBase {
  readonly ref: OperationRef;
  readonly statusCode?: string;
  readonly statusMessage?: string;
}

/**
 * What a PSP said, normalized by its driver. The core sees only this union, never a PSP payload.
 * A refusal is a fact (a verdict), not an exception.
 */
export type PspFact =
  | (FactBase & {
      readonly kind: 'authorized';
      /** The PSP's reference of the operation, when this message is the first to name it. */
      readonly providerRef?: string;
      readonly granted: Money;
      /** The payer chose to pay less in the PSP's app (e.g. ANCV vouchers). */
      readonly chosenByPayer?: boolean;
      readonly cardScheme?: CardScheme;
      readonly cardAlias?: string;
    })
  | (FactBase & { readonly kind: 'declined'; readonly providerRef?: string; readonly category?: DeclineCategory })
  | (FactBase & { readonly kind: 'cancelled-by-payer'; readonly providerRef?: string })
  | (FactBase & { readonly kind: 'lender-pending'; readonly providerRef?: string })
  | (FactBase & { readonly kind: 'captured'; readonly success: boolean; readonly providerRef?: string; readonly reverses?: true })
  | (FactBase & { readonly kind: 'voided'; readonly success: boolean; readonly providerRef?: string })
  | (FactBase & {
      readonly kind: 'refunded';
      readonly success: boolean;
      readonly providerRef?: string;
      /**
       * A failure the PSP may send after it confirmed the operation (a refund the scheme rejected
       * later, refunded money that came back): it undoes a success (apply-fact.ts), where any other
       * verdict on a final operation changes nothing. On a pending one it is a plain failure.
       */
      readonly reverses?: true;
      /**
       * A success that says only that the payment is now refunded in full (a PSP naming the payment,
       * not the refund): it settles the attempt's pending refund only if that refund completes it.
       */
      readonly inFull?: true;
    })
  | {
      readonly kind: 'chargeback';
      /** The PSP reference of the operation the money moved on. */
      readonly providerRef: string;
      /**
       * Our transaction id of that operation, when the PSP echoes the reference we sent: found by it
       * when `providerRef` names no operation we recorded (a PSP whose payment is not the reference
       * the opening recorded, e.g. a Worldline hosted checkout's payment).
       */
      readonly transactionId?: string;
      /**
       * The PSP's own reference of this dispute, the same on every message about it (a Worldline
       * chargeback operation's id): it names the chargeback in its notificationId in `providerRef`'s
       * place, so two disputes of one operation the same day for the same amount stay two (D141).
       */
      readonly disputeRef?: string;
      readonly type: 'chargeback' | 'representment';
      readonly amount: Money;
      readonly reasonCode?: string;
      readonly status?: string;
      /** YYYY-MM-DD */
      readonly date: string;
      /** YYYY-MM-DD */
      readonly validUntil?: string;
    };
