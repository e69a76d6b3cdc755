import { notify, refusal, wireAmount, type Answer, type EngineDeps } from './engine-support';
import { isoDate, isRecord, positiveInt, text } from './wire-input';

const DISPUTE_WINDOW_DAYS = 30;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * POST /chargebacks: raises a dispute on the operation the money moved on. A payment ref of a hold
 * names its capture; a capture ref or the ref of a direct payment names itself.
 */
export function raiseChargeback(deps: EngineDeps, body: unknown): Answer {
  if (!isRecord(body)) return refusal(400, 'invalid-request', 'body must be a JSON object');
  const providerRef = text(body.providerRef, 64);
  const amount = positiveInt(body.amount);
  const date = body.date === undefined ? new Date(deps.now()).toISOString().slice(0, 10) : isoDate(body.date);
  const reasonCode = body.reasonCode === undefined ? '4837' : text(body.reasonCode, 32);
  // A stage as another PSP would name it (PayPal's UNDER_REVIEW), for the dashboard's words of each.
  const stage = body.status === undefined ? undefined : text(body.status, 64);
  const type = body.type === undefined ? 'chargeback' : body.type === 'chargeback' || body.type === 'representment' ? body.type : undefined;
  if (!providerRef) return refusal(400, 'invalid-request', 'providerRef is required');
  if (amount === undefined) return refusal(400, 'invalid-request', 'amount must be an integer >= 1 (minor units)');
  if (!date) return refusal(400, 'invalid-request', 'date must be YYYY-MM-DD');
  if (!reasonCode) return refusal(400, 'invalid-request', 'reasonCode must be a string of 1 to 32 characters');
  if (!type) return refusal(400, 'invalid-request', 'type must be chargeback or representment');
  if (body.status !== undefined && !stage) return refusal(400, 'invalid-request', 'status must be a string of 1 to 64 characters');

  const payment = deps.book.payment(providerRef);
  if (!payment) return refusal(404, 'not-found', 'no operation carries this providerRef');
  const operation = deps.book.operation(providerRef);
  let target: { ref: string; reference: string } | undefined;
  if (operation) {
    if (operation.type === 'capture') target = operation;
  } else if (payment.kind === 'payment') {
    if (payment.captured > 0) target = payment;
  } else {
    target = payment.operations.find((op) => op.type === 'capture');
  }
  if (!target) return refusal(422, 'nothing-taken', 'no money moved on this operation');

  notify(deps, payment, {
    event: 'chargeback',
    ref: target.ref,
    reference: target.reference,
    result: 'succeeded',
    amount: wireAmount(amount, payment.amount.currency),
    code: reasonCode,
    message: type === 'chargeback' ? 'Dispute opened' : 'Dispute settled in the merchant favour',
    chargeback: {
      type,
      reasonCode,
      status: stage ?? (type === 'chargeback' ? 'opened' : 'won'),
      date,
      validUntil: addDays(date, DISPUTE_WINDOW_DAYS),
    },
  });
  return { status: 202, body: { providerRef: target.ref, type, amount: wireAmount(amount, payment.amount.currency), date } };
}
