import type { Money, PspFact } from '@splitpay/domain';
import { fromMajor } from './amounts';

/** A purchase's status as Oney's status query (and its action answers) give it. */
export interface PurchaseStatus {
  readonly statusCode: string;
  readonly subStatusCode?: string;
  readonly statusLabel?: string;
  /** `purchase.payment.payment_amount`, major units, when given. */
  readonly paymentAmount?: number;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The `purchase` of an Oney answer (`{ purchase: { status_code, sub_status_code, status_label, payment } }`), when it has a status. */
export function purchaseStatusOf(body: Record<string, unknown>): PurchaseStatus | undefined {
  const purchase = body.purchase;
  if (typeof purchase !== 'object' || purchase === null) return undefined;
  const p = purchase as Record<string, unknown>;
  const statusCode = str(p.status_code);
  if (!statusCode) return undefined;
  const payment = typeof p.payment === 'object' && p.payment !== null ? (p.payment as Record<string, unknown>) : {};
  const subStatusCode = str(p.sub_status_code);
  const statusLabel = str(p.status_label);
  return {
    statusCode: statusCode.toUpperCase(),
    ...(subStatusCode ? { subStatusCode } : {}),
    ...(statusLabel ? { statusLabel } : {}),
    ...(typeof payment.payment_amount === 'number' ? { paymentAmount: payment.payment_amount } : {}),
  };
}

/** PENDING sub-statuses where Oney waits for the payer (its form, then its documents), not for the lender. */
const PAYER_SUB_STATUSES: ReadonlySet<string> = new Set(['WAITING_CUSTOMER_KYC', 'PRE_ACCEPTED']);

/** The file is still the payer's to fill on Oney's pages: the lender has not begun to study it. */
export const awaitsPayer = (status: PurchaseStatus): boolean =>
  status.statusCode === 'PENDING' && status.subStatusCode !== undefined && PAYER_SUB_STATUSES.has(status.subStatusCode.toUpperCase());

/**
 * What a purchase's status says, every fact named by our transaction id of the opening (the
 * purchase's external reference; a follow-up fact finds the attempt's pending operation of its kind):
 * - PENDING awaiting the payer (WAITING_CUSTOMER_KYC, PRE_ACCEPTED): nothing yet (the session's own
 *   ttl holds); PENDING otherwise (WAITING_ONEY): the lender studies the file (lender-pending);
 * - FAVORABLE: authorized (credit granted, to be confirmed) for `granted`, the purchase's amount;
 *   no fact when that amount is unknown (a lookup of the opening gives it);
 * - REFUSED: declined by the lender (bank-refusal); ABORTED: the payer abandoned the file (or let it
 *   time out): cancelled by the payer;
 * - FUNDED / TO_BE_FUNDED: the confirm took the money (captured, for a confirm whose answer never came);
 * - CANCELLED: the cancel went through (voided, or refunded after a confirm: whichever is pending);
 *   with none in flight, a file Oney cancelled before any verdict is declined (the opening's fact
 *   comes last, so that a cancel of ours in flight is what it closes).
 */
export function statusFactsOf(status: PurchaseStatus, transactionId: string, granted: Money | undefined): readonly PspFact[] {
  const ref = { transactionId };
  const statusCode = status.subStatusCode ? `${status.statusCode}/${status.subStatusCode}` : status.statusCode;
  const said = { statusCode, ...(status.statusLabel ? { statusMessage: status.statusLabel } : {}) };
  switch (status.statusCode) {
    case 'PENDING':
      return awaitsPayer(status) ? [] : [{ kind: 'lender-pending', ref, ...said }];
    case 'FAVORABLE':
      return granted ? [{ kind: 'authorized', ref, granted, ...said }] : [];
    case 'REFUSED':
      return [{ kind: 'declined', ref, category: 'bank-refusal', ...said }];
    case 'ABORTED':
      return [{ kind: 'cancelled-by-payer', ref, ...said }];
    case 'FUNDED':
    case 'TO_BE_FUNDED':
      return [{ kind: 'captured', success: true, ref, ...said }];
    case 'CANCELLED':
      return [
        { kind: 'voided', success: true, ref, ...said },
        { kind: 'refunded', success: true, ref, ...said },
        { kind: 'declined', ref, ...said },
      ];
    default:
      return [];
  }
}

/** The purchase's amount the status gives, in the contract's currency. */
export const paymentAmountOf = (status: PurchaseStatus, currency: string): Money | undefined =>
  status.paymentAmount !== undefined && status.paymentAmount > 0 ? fromMajor(status.paymentAmount, currency) : undefined;

/** Statuses after which the money was taken (a confirm's answer). */
export const FUNDED_STATUSES: ReadonlySet<string> = new Set(['FUNDED', 'TO_BE_FUNDED']);
