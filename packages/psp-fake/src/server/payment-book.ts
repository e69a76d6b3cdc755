import { randomBytes } from 'node:crypto';
import type { DeclineReason, FakeMethod, PaymentResource, PaymentStatus, WireAmount } from '../protocol/fake-psp.protocol';

/** A follow-up operation the fake PSP accepted on a payment. */
export interface FakeOperation {
  readonly ref: string;
  readonly paymentRef: string;
  readonly reference: string;
  readonly type: 'capture' | 'void' | 'refund';
  readonly amount: WireAmount;
}

/** One payment as the fake PSP keeps it, by its own ref. Card data is never kept: only brand and last4. */
export interface FakePayment {
  readonly ref: string;
  readonly reference: string;
  readonly method: FakeMethod;
  readonly amount: WireAmount;
  readonly orderReference?: string;
  readonly notificationUrl: string;
  readonly returnUrl?: string;
  /** hold: authorized then captured; payment: takes the money at once (ancv). */
  readonly kind: 'hold' | 'payment';
  readonly financing: boolean;
  /** The payer may approve a lower amount on the page (ancv). */
  readonly payerChoosesAmount: boolean;
  readonly registerAlias: boolean;
  readonly card?: { readonly brand?: string; readonly last4: string };
  status: PaymentStatus;
  authorizedAmount?: number;
  partial?: 'issuer' | 'payer';
  declineReason?: DeclineReason;
  resultCode?: string;
  resultMessage?: string;
  alias?: string;
  /** Accepted captures (a direct payment counts as captured when approved). */
  captured: number;
  /** Accepted refunds. */
  refunded: number;
  readonly operations: FakeOperation[];
}

export function newRef(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** What was answered to an idempotent request, replayed verbatim for the same key. */
export interface RecordedAnswer {
  readonly fingerprint: string;
  readonly status: number;
  readonly body: unknown;
}

/** The fake PSP's memory: payments by ref, operations by ref, and answers by idempotency key. */
export class PaymentBook {
  private readonly payments = new Map<string, FakePayment>();
  private readonly byMerchantReference = new Map<string, string>();
  private readonly operations = new Map<string, FakeOperation>();
  private readonly answers = new Map<string, RecordedAnswer>();

  add(payment: FakePayment): void {
    this.payments.set(payment.ref, payment);
    this.byMerchantReference.set(payment.reference, payment.ref);
  }

  addOperation(payment: FakePayment, operation: FakeOperation): void {
    payment.operations.push(operation);
    this.operations.set(operation.ref, operation);
  }

  /** The payment a ref names: its own ref or the ref of one of its operations. */
  payment(ref: string): FakePayment | undefined {
    return this.payments.get(ref) ?? this.payments.get(this.operations.get(ref)?.paymentRef ?? '');
  }

  operation(ref: string): FakeOperation | undefined {
    return this.operations.get(ref);
  }

  paymentByReference(reference: string): FakePayment | undefined {
    return this.payments.get(this.byMerchantReference.get(reference) ?? '');
  }

  recall(key: string): RecordedAnswer | undefined {
    return this.answers.get(key);
  }

  remember(key: string, answer: RecordedAnswer): void {
    this.answers.set(key, answer);
  }
}

/** The public resource of a payment: what the API answers and what a status lookup reads. */
export function paymentResource(payment: FakePayment, redirectUrl: string | undefined): PaymentResource {
  const currency = payment.amount.currency;
  return {
    ref: payment.ref,
    reference: payment.reference,
    method: payment.method,
    status: payment.status,
    amount: payment.amount,
    ...(payment.authorizedAmount === undefined ? {} : { authorizedAmount: { value: payment.authorizedAmount, currency } }),
    ...(payment.partial ? { partial: payment.partial } : {}),
    ...(payment.declineReason ? { declineReason: payment.declineReason } : {}),
    ...(payment.resultCode ? { resultCode: payment.resultCode } : {}),
    ...(payment.resultMessage ? { resultMessage: payment.resultMessage } : {}),
    ...(payment.card
      ? { card: { last4: payment.card.last4, ...(payment.card.brand ? { brand: payment.card.brand } : {}), ...(payment.alias ? { alias: payment.alias } : {}) } }
      : {}),
    ...(redirectUrl ? { redirectUrl } : {}),
  };
}
