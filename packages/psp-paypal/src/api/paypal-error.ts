import type { DeclineCategory } from '@splitpay/domain';

/** PayPal's error answer, as far as the driver reads it: `name`, the first `details[].issue`, `debug_id`. */
export interface PayPalError {
  readonly name?: string;
  /** The machine code of the first detail (`INSTRUMENT_DECLINED`); `description` may change, this does not. */
  readonly issue?: string;
  readonly message?: string;
  readonly debugId?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function readPayPalError(body: Record<string, unknown>): PayPalError {
  const details = Array.isArray(body.details) ? (body.details as unknown[]) : [];
  const first = details.find((d): d is Record<string, unknown> => typeof d === 'object' && d !== null && text((d as Record<string, unknown>).issue) !== undefined);
  const name = text(body.name) ?? text(body.error);
  const issue = first ? text(first.issue) : undefined;
  const message = (first ? text(first.description) : undefined) ?? text(body.message) ?? text(body.error_description);
  const debugId = text(body.debug_id);
  return { ...(name ? { name } : {}), ...(issue ? { issue } : {}), ...(message ? { message } : {}), ...(debugId ? { debugId } : {}) };
}

/** The code an ack or a fact keeps: the issue, else the error's name. */
export function errorCode(error: PayPalError): string | undefined {
  return error.issue ?? error.name;
}

/**
 * How the driver reads an issue PayPal answers an authorization with (decisions D29): a refusal with
 * its category, a refusal left unclassified, or no verdict at all (the payer still has to act at
 * PayPal).
 */
export type IssueReading =
  | { readonly kind: 'refusal'; readonly category?: DeclineCategory }
  | { readonly kind: 'awaiting-payer' };

/** The issues PayPal refuses an authorization with, by what they mean to the payer. */
const REFUSALS: Readonly<Partial<Record<DeclineCategory, readonly string[]>>> = {
  'bank-refusal': ['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY', 'TRANSACTION_LIMIT_EXCEEDED'],
  'method-unavailable': ['PAYER_ACCOUNT_RESTRICTED', 'PAYER_ACCOUNT_LOCKED_OR_CLOSED'],
  expired: ['CARD_EXPIRED', 'REFERENCED_CARD_EXPIRED'],
  'invalid-card-data': ['INVALID_SECURITY_CODE_LENGTH', 'CARD_NUMBER_REQUIRED', 'CARD_EXPIRY_REQUIRED', 'INVALID_EXPIRY_DATE'],
};
/** The issues that say the payer still has to act at PayPal. */
const AWAITING_PAYER = ['PAYER_ACTION_REQUIRED', 'ORDER_NOT_APPROVED'];

const ISSUES: ReadonlyMap<string, IssueReading> = new Map<string, IssueReading>([
  ...Object.entries(REFUSALS).flatMap(([category, issues]) => issues.map((issue): [string, IssueReading] => [issue, { kind: 'refusal', category: category as DeclineCategory }])),
  ...AWAITING_PAYER.map((issue): [string, IssueReading] => [issue, { kind: 'awaiting-payer' }]),
]);

/**
 * Any other issue on an authorization (the payee's or PayPal's own blocks such as
 * COMPLIANCE_VIOLATION, PAYEE_BLOCKED_TRANSACTION, and order state problems such as ORDER_EXPIRED,
 * DECLINED_DUE_TO_RELATED_TXN) is a refusal without a category: nothing the payer can read from it.
 */
export function readIssue(issue: string | undefined): IssueReading {
  return (issue !== undefined ? ISSUES.get(issue) : undefined) ?? { kind: 'refusal' };
}
