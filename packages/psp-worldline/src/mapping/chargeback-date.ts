import type { WorldlineEvent } from './webhook-event';
import type { WorldlinePayment } from './worldline-payment';

/** `2026-11-23T14:00:00.000+0100` -> `2026-11-23` (the day as Worldline wrote it, in its own offset). */
function dayOfCreated(created: string | undefined): string | undefined {
  const day = created?.slice(0, 10);
  return day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** `20261118231500` (statusCodeChangeDateTime) -> `2026-11-18`. */
function dayOfStatusChange(payment: WorldlinePayment | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(payment?.statusOutput?.statusCodeChangeDateTime ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/**
 * The day of a confirmed chargeback, read only from what Worldline wrote, so that every delivery of
 * the event gives the same notificationId: the event's `created`, else the day the event's payment
 * says its status changed, else the day the confirming lookup says so. None of them: undefined, and
 * the caller decides (D77).
 */
export function chargebackDay(event: WorldlineEvent, confirmed: WorldlinePayment): string | undefined {
  return dayOfCreated(event.created) ?? dayOfStatusChange(event.payment) ?? dayOfStatusChange(confirmed);
}
