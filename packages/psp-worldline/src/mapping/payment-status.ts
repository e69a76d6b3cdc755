import { money, type DeclineCategory, type Money, type PspFact } from '@splitpay/domain';
import { ADJUSTABLE_ANCV_PRODUCT } from '../settings/worldline.settings';
import { openingRef, paymentProductOf, type WorldlineError, type WorldlinePayment } from './worldline-payment';

/** Statuses where the opening's money is granted: held (PENDING_CAPTURE) or taken (direct sale). */
const GRANTED = ['PENDING_CAPTURE', 'CAPTURED', 'PAID', 'REFUND_REQUESTED', 'REFUNDED', 'CHARGEBACK_NOTIFICATION', 'CHARGEBACKED'];
/**
 * Statuses still waiting for the payer or for Worldline: no verdict yet. CAPTURE_REQUESTED (91) is
 * Worldline still collecting (it becomes CAPTURED or REJECTED_CAPTURE): a direct payment's money is
 * not taken yet, and a hold's grant was already read at PENDING_CAPTURE, before any capture was asked
 * (D86).
 */
export const PENDING = ['CREATED', 'REDIRECTED', 'PENDING_PAYMENT', 'PENDING_COMPLETION', 'AUTHORIZATION_REQUESTED', 'PENDING_APPROVAL', 'PENDING_FRAUD_APPROVAL', 'CAPTURE_REQUESTED'];
/**
 * Refusals of the opening: REJECTED, and REJECTED_CAPTURE (93), Worldline failing to collect a direct
 * payment; for a hold, whose opening was granted before its capture, it only fails the capture.
 */
const REFUSED = ['REJECTED', 'REJECTED_CAPTURE'];

/**
 * PENDING_APPROVAL is in Worldline's PENDING_MERCHANT group with PENDING_CAPTURE: authorized and
 * awaiting the merchant's capture when `isAuthorized` says so (Worldline's PrestaShop module reads
 * `payment.pending_approval` as authorized). Without `isAuthorized` it stays pending (D94-c).
 */
const AUTHORIZED_WHEN_SAID = ['PENDING_APPROVAL'];

function isGranted(payment: WorldlinePayment): boolean {
  const authorized = payment.statusOutput?.isAuthorized === true;
  if (GRANTED.includes(payment.status)) return true;
  return authorized && (AUTHORIZED_WHEN_SAID.includes(payment.status) || !PENDING.includes(payment.status));
}

/**
 * Worldline's refusal as our category. Its error codes are not published as a list: the error's id
 * and message are read for the cause (an approval that ran out of time, funds, authentication);
 * anything else is a bank refusal (docs/decisions.md D28).
 */
export function declineCategory(errors: readonly WorldlineError[] | undefined): DeclineCategory {
  const said = (errors ?? []).map((e) => `${e.id ?? ''} ${e.code ?? ''} ${e.message ?? ''}`).join(' ').toUpperCase();
  if (/TIME ?OUT|TIMED OUT|EXPIRED/.test(said)) return 'expired';
  if (/INSUFFICIENT|NOT ENOUGH|BALANCE/.test(said)) return 'insufficient-funds';
  if (/AUTHENTICATION|3DS|3-D SECURE/.test(said)) return 'authentication-failed';
  return 'bank-refusal';
}

export interface OpeningContext {
  /** What the opening asked for. */
  readonly asked?: Money;
  /** Vouchers: the payer may pay less in the app (a chosen partial). */
  readonly payerChoosesAmount: boolean;
  /**
   * Told when a grant is read with no amount, neither stated by Worldline nor asked (a webhook whose
   * payment has no amountOfMoney): no grant is given, a status lookup reads it with the asked amount.
   */
  readonly grantWithoutAmount?: (providerRef: string) => void;
}

type Grant =
  | { readonly kind: 'granted'; readonly granted: Money; readonly chosenByPayer: boolean }
  /** Vouchers whose acquired amount is 0: nothing is collected yet. */
  | { readonly kind: 'nothing-collected' }
  /** Neither Worldline nor the opening says the amount: no currency to grant in (never a guessed one). */
  | { readonly kind: 'no-amount' };

/**
 * What the payer was granted: the amount Worldline states, else the one asked; the acquired amount of
 * vouchers when lower (a chosen partial), or without one their stated amount when below the asked one
 * (also chosen). None when the vouchers' acquired amount is 0: nothing is collected yet, never the
 * whole amount.
 */
function granted(payment: WorldlinePayment, context: OpeningContext): Grant {
  const output = payment.paymentOutput;
  const full = output?.amountOfMoney ? money(output.amountOfMoney.amount, output.amountOfMoney.currencyCode) : context.asked;
  const acquired = output?.acquiredAmount;
  if (context.payerChoosesAmount && acquired && acquired.amount <= 0) return { kind: 'nothing-collected' };
  if (context.payerChoosesAmount && acquired && full && acquired.amount < full.amount) {
    return { kind: 'granted', granted: money(acquired.amount, acquired.currencyCode), chosenByPayer: true };
  }
  if (!full) return { kind: 'no-amount' };
  return { kind: 'granted', granted: full, chosenByPayer: context.payerChoosesAmount && !acquired && statedAmountChosen(payment, full, context.asked) };
}

/**
 * Vouchers whose payment states only the amount the payer validated (no acquiredAmount): chosen when
 * below the amount asked. A webhook knows no asked amount: it reads so a payment of 5412, the product
 * whose amount the payer adjusts (`adjustableAmount`), and the core compares it with the attempt's
 * request (D143-d).
 */
function statedAmountChosen(payment: WorldlinePayment, stated: Money, asked: Money | undefined): boolean {
  if (!payment.paymentOutput?.amountOfMoney) return false;
  if (asked) return asked.currency === stated.currency && stated.amount < asked.amount;
  return paymentProductOf(payment) === ADJUSTABLE_ANCV_PRODUCT;
}

/**
 * The verdict a payment's status gives its opening (authorization or sale): authorized (in full, or
 * for vouchers what the payer chose), declined, cancelled by the payer, or none while it is pending.
 * A later status (captured, refunded) still says the opening was granted; a capture still requested
 * says nothing yet, a capture refused is a refusal (D86).
 */
export function openingFacts(payment: WorldlinePayment, context: OpeningContext): PspFact[] {
  const providerRef = openingRef(payment);
  const reference = payment.paymentOutput?.references?.merchantReference;
  const ref = { ...(reference ? { transactionId: reference } : {}), providerRef };
  const status = payment.status;
  const statusCode = payment.statusOutput?.statusCode !== undefined ? String(payment.statusOutput.statusCode) : status;
  if (REFUSED.includes(status)) return [{ kind: 'declined', ref, providerRef, category: declineCategory(payment.statusOutput?.errors), statusCode }];
  if (isGranted(payment)) {
    const grant = granted(payment, context);
    if (grant.kind === 'no-amount') context.grantWithoutAmount?.(providerRef);
    if (grant.kind !== 'granted') return [];
    return [{ kind: 'authorized', ref, providerRef, granted: grant.granted, ...(grant.chosenByPayer ? { chosenByPayer: true } : {}), statusCode }];
  }
  if (status === 'CANCELLED') return [{ kind: 'cancelled-by-payer', ref, providerRef, statusCode }];
  return [];
}
