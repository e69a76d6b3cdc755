/** The parts of Worldline Direct's payment, capture and refund objects the driver reads. */
export interface WorldlineAmount {
  readonly amount: number;
  readonly currencyCode: string;
}

export interface WorldlineError {
  readonly id?: string;
  readonly code?: string;
  readonly errorCode?: string;
  readonly message?: string;
}

export interface WorldlinePayment {
  readonly id: string;
  readonly status: string;
  readonly statusOutput?: {
    readonly statusCategory?: string;
    readonly statusCode?: number;
    readonly isAuthorized?: boolean;
    /** When the status last changed, `yyyyMMddHHmmss` (Worldline's own clock). */
    readonly statusCodeChangeDateTime?: string;
    readonly errors?: readonly WorldlineError[];
  };
  readonly paymentOutput?: {
    readonly amountOfMoney?: WorldlineAmount;
    /** Vouchers: what was actually collected (less than asked when the payer chose to pay less). */
    readonly acquiredAmount?: WorldlineAmount;
    readonly references?: { readonly merchantReference?: string };
    /** Redirected and hosted-checkout products (Wero 900, ANCV 5402/5403, ...): which product paid. */
    readonly redirectPaymentMethodSpecificOutput?: { readonly paymentProductId?: number };
  };
  /** A payment a hosted checkout created (ANCV on 5403): that hosted checkout's id. */
  readonly hostedCheckoutSpecificOutput?: { readonly hostedCheckoutId?: string };
}

/** The payment product that paid, when the payment says (redirected and hosted-checkout products). */
export function paymentProductOf(payment: WorldlinePayment): number | undefined {
  return payment.paymentOutput?.redirectPaymentMethodSpecificOutput?.paymentProductId;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A payment-like object (payment, capture, refund) when `value` has an id and a status. */
export function readPayment(value: unknown): WorldlinePayment | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.status !== 'string') return undefined;
  return value as unknown as WorldlinePayment;
}

/**
 * The id of the opening operation of a payment: Worldline names each operation
 * `<paymentId>_<operationId>`, operation 0 being the authorization or sale.
 */
export function openingId(id: string): string {
  const cut = id.lastIndexOf('_');
  return cut > 0 ? `${id.slice(0, cut)}_0` : id;
}

/**
 * The reference our opening recorded for a payment: the id of the hosted checkout that created it
 * (the opening of a hosted checkout is recorded under that id, set before any payment existed), else
 * the payment's opening id.
 */
export function openingRef(payment: WorldlinePayment): string {
  const hosted = payment.hostedCheckoutSpecificOutput?.hostedCheckoutId;
  return typeof hosted === 'string' && hosted.length > 0 ? hosted : openingId(payment.id);
}

/** The first error of an answer or a status output, as a code and a message safe to log. */
export function firstError(errors: unknown): { code?: string; message?: string } {
  const first = Array.isArray(errors) && isRecord(errors[0]) ? (errors[0] as WorldlineError) : undefined;
  if (!first) return {};
  const code = first.errorCode ?? first.code ?? first.id;
  return { ...(code ? { code: String(code) } : {}), ...(first.message ? { message: String(first.message).slice(0, 200) } : {}) };
}
