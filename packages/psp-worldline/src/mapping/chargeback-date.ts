import type { WorldlineOperation } from './chargeback-operations';
import type { WorldlineEvent } from './webhook-event';
import type { WorldlinePayment } from './worldline-payment';

/** A confirmed chargeback's day, and whether the payment's status or only the event itself gave it. */
export interface ChargebackDay {
  readonly day: string;
  readonly by: 'status' | 'event';
}

/** `2026-11-23T14:00:00.000+0100` -> `2026-11-23` (the day as Worldline wrote it, in its own offset). */
function dayOfCreated(created: string | undefined): string | undefined {
  const day = created?.slice(0, 10);
  return day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** `20261118231500` (statusCodeChangeDateTime) -> `2026-11-18`. */
function dayOfStatusChange(changed: Pick<WorldlinePayment, 'statusOutput'> | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(changed?.statusOutput?.statusCodeChangeDateTime ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

const dated = (fromStatus: string | undefined, event: WorldlineEvent): ChargebackDay | undefined => {
  if (fromStatus) return { day: fromStatus, by: 'status' };
  const fromEvent = dayOfCreated(event.created);
  return fromEvent ? { day: fromEvent, by: 'event' } : undefined;
};

/**
 * The day of a chargeback the lookup `confirmed` (its status is the chargeback's), read only from what
 * Worldline wrote. One dispute sends several events (`payment.chargeback_notification`, then
 * `payment.chargebacked`), each created on its own day and each delivered again after a 503, but the
 * moment the payment took its chargeback status is one: so first the day the confirming lookup says the
 * status changed, then the same field of the event's payment when it is in that same status, and only
 * then the event's `created` (each event then dates it by itself). A later dispute on the same payment
 * takes the status again, on its own day. None: undefined, and the caller decides (D77).
 */
export function chargebackDay(event: WorldlineEvent, confirmed: WorldlinePayment): ChargebackDay | undefined {
  return dated(dayOfStatusChange(confirmed) ?? (event.payment?.status === confirmed.status ? dayOfStatusChange(event.payment) : undefined), event);
}

/**
 * The day of the chargeback operation `operation` of the payment `confirmed`: the day the operation
 * took its status; else the same field of the event's payment when it is that operation in that
 * status; else the day the payment took it, when the payment is in that status and this is its only
 * chargeback operation (the payment's change was then this operation's); only then the event's
 * `created` (D141).
 */
export function operationChargebackDay(event: WorldlineEvent, confirmed: WorldlinePayment, operation: WorldlineOperation, onlyOne: boolean): ChargebackDay | undefined {
  const own = event.payment?.id === operation.id && event.payment.status === operation.status ? dayOfStatusChange(event.payment) : undefined;
  const payment = onlyOne && confirmed.status === operation.status ? dayOfStatusChange(confirmed) : undefined;
  return dated(dayOfStatusChange(operation) ?? own ?? payment, event);
}
