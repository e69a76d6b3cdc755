import { isCurrencyCode, money, type Money } from '@splitpay/domain';
import { CHARGEBACK_STATUSES } from './webhook-event';
import type { WorldlineAmount } from './worldline-payment';

/**
 * One operation of a payment as `GET /payments/{id}/details` lists it (`OperationOutput`): its id
 * `<paymentId>_<operationId>`, which Worldline gives each operation on the payment and keeps while
 * only its status changes, its status and its amount.
 */
export interface WorldlineOperation {
  readonly id: string;
  readonly status: string;
  readonly statusOutput?: { readonly statusCodeChangeDateTime?: string };
  readonly amountOfMoney?: WorldlineAmount;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The operations of a details answer in a chargeback status: each one dispute's debit, under its own
 * id. Worldline spells the list `Operations` (its SDKs' `PaymentDetailsResponse`). None when the answer
 * lists none.
 */
export function chargebackOperations(details: unknown): WorldlineOperation[] {
  const listed = isRecord(details) ? details.Operations : undefined;
  if (!Array.isArray(listed)) return [];
  return listed.filter((op): op is WorldlineOperation => isRecord(op) && typeof op.id === 'string' && op.id.length > 0 && typeof op.status === 'string' && CHARGEBACK_STATUSES.includes(op.status));
}

/** The amount an operation moved, when it states one. */
export function operationAmount(operation: WorldlineOperation): Money | undefined {
  const stated = operation.amountOfMoney;
  return stated && Number.isSafeInteger(stated.amount) && stated.amount > 0 && typeof stated.currencyCode === 'string' && isCurrencyCode(stated.currencyCode) ? money(stated.amount, stated.currencyCode) : undefined;
}
