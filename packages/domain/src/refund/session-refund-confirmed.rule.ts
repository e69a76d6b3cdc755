import { DomainError } from '../errors/domain-error';
import type { SessionRefundPlan } from './refund-plan.rule';

/**
 * The whole the caller confirmed (minor units) against what the plan would send back. Another refund
 * between the caller's read and its gesture changes what remains: refunding it anyway sends back
 * something other than what was confirmed, so the gesture is refused and nothing is recorded.
 * More confirmed than remains: RefundExceedsRefundable. Less: the door refunds the whole only, so a
 * part of it is a partial refund it never makes (PartialRefundNotSupported).
 */
export function checkConfirmedWhole(plan: SessionRefundPlan, confirmed: number | undefined): void {
  if (confirmed === undefined) return;
  const remains = plan.refunds.reduce((sum, planned) => sum + planned.amount.amount, 0);
  if (confirmed > remains) throw new DomainError('RefundExceedsRefundable', `${confirmed} exceeds the ${remains} that remains refundable on the session`);
  if (confirmed < remains) throw new DomainError('PartialRefundNotSupported', `The session refunds the whole ${remains} that remains, never ${confirmed} of it`);
}
