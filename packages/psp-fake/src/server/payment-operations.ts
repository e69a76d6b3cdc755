import type { OperationResource } from '../protocol/fake-psp.protocol';
import { notify, refusal, wireAmount, type Answer, type EngineDeps } from './engine-support';
import { newRef, type FakeOperation, type FakePayment } from './payment-book';
import { amountOf, isRecord, text } from './wire-input';

/** Statuses a void can still stop: a hold or a payment whose verdict is not in yet. */
const VOIDABLE = ['authorized', 'received', 'challenge', 'awaiting-payer', 'awaiting-token', 'lender-studying'] as const;

type OperationType = FakeOperation['type'];

function readRequest(
  deps: EngineDeps,
  ref: string,
  body: unknown,
): { payment: FakePayment; reference: string; amount?: number } | Answer {
  const payment = deps.book.payment(ref);
  if (!payment) return refusal(404, 'not-found', 'no such payment');
  if (!isRecord(body)) return refusal(400, 'invalid-request', 'body must be a JSON object');
  const reference = text(body.reference, 64);
  if (!reference) return refusal(400, 'invalid-request', 'reference must be a string of 1 to 64 characters');
  if (body.amount === undefined) return { payment, reference };
  const amount = amountOf(body.amount);
  if (!amount) return refusal(400, 'invalid-request', 'amount must be { value: integer >= 1, currency }');
  if (amount.currency !== payment.amount.currency) return refusal(422, 'currency-mismatch', `the payment is in ${payment.amount.currency}`);
  return { payment, reference, amount: amount.value };
}

function record(deps: EngineDeps, payment: FakePayment, type: OperationType, reference: string, amount: number): Answer {
  const operation: FakeOperation = { ref: newRef(`fk${type[0]}`), paymentRef: payment.ref, reference, type, amount: wireAmount(amount, payment.amount.currency) };
  deps.book.addOperation(payment, operation);
  notify(deps, payment, {
    event: type,
    ref: operation.ref,
    reference,
    result: 'succeeded',
    amount: operation.amount,
    code: 'succeeded',
    message: `${type} done`,
  });
  const answer: OperationResource = { ...operation, status: 'received' };
  return { status: 201, body: answer };
}

/** POST /api/payments/{ref}/captures: takes part or all of an authorized hold. */
export function capture(deps: EngineDeps, ref: string, body: unknown): Answer {
  const read = readRequest(deps, ref, body);
  if ('status' in read) return read;
  const { payment } = read;
  if (payment.kind !== 'hold') return refusal(422, 'not-capturable', 'a direct payment is taken at once; there is nothing to capture');
  if (payment.status !== 'authorized') return refusal(422, 'not-capturable', `payment is ${payment.status}`);
  const open = (payment.authorizedAmount ?? 0) - payment.captured;
  const amount = read.amount ?? open;
  if (amount > open) return refusal(422, 'amount-exceeds-authorized', `at most ${open} can still be captured`);
  payment.captured += amount;
  if (payment.captured === payment.authorizedAmount) payment.status = 'captured';
  return record(deps, payment, 'capture', read.reference, amount);
}

/** POST /api/payments/{ref}/voids: releases a hold, or stops a payment whose verdict is not in yet. */
export function voidPayment(deps: EngineDeps, ref: string, body: unknown): Answer {
  const read = readRequest(deps, ref, body);
  if ('status' in read) return read;
  const { payment } = read;
  if (payment.kind !== 'hold') return refusal(422, 'void-not-supported', `${payment.method} payments cannot be voided`);
  if (!VOIDABLE.some((s) => s === payment.status) || payment.captured > 0) {
    return refusal(422, 'not-voidable', `payment is ${payment.status}${payment.captured > 0 ? ' and partly captured' : ''}`);
  }
  const amount = payment.authorizedAmount ?? payment.amount.value;
  payment.status = 'voided';
  return record(deps, payment, 'void', read.reference, amount);
}

/** POST /api/payments/{ref}/refunds: gives back what was taken; ancv refunds in full only. */
export function refund(deps: EngineDeps, ref: string, body: unknown): Answer {
  const read = readRequest(deps, ref, body);
  if ('status' in read) return read;
  const { payment } = read;
  const open = payment.captured - payment.refunded;
  if (open <= 0) return refusal(422, 'nothing-to-refund', 'nothing taken remains to refund');
  const amount = read.amount ?? open;
  if (amount > open) return refusal(422, 'amount-exceeds-captured', `at most ${open} can still be refunded`);
  if (payment.method === 'ancv' && (payment.refunded > 0 || amount !== payment.captured)) {
    return refusal(422, 'partial-refund-not-supported', 'vouchers are refunded in full only');
  }
  payment.refunded += amount;
  return record(deps, payment, 'refund', read.reference, amount);
}
