import type { TransactionId } from '../ids/ids';
import type { DomainContext } from '../session/domain-context';
import type { Session } from '../session/session.model';
import { planSessionRefund } from './refund-plan.rule';
import { checkConfirmedWhole } from './session-refund-confirmed.rule';
import { requestRefund } from './request-refund';

export interface SessionRefunded {
  readonly session: Session;
  /** One refund transaction per attempt that held refundable money, in attempt order. */
  readonly transactionIds: readonly TransactionId[];
}

/**
 * Refunds what remains on every attempt of an ended session, in one new session value: the plan
 * answers every refusal first, then each attempt refunds what remains (all owed to their PSPs).
 * `confirmed`, when given, is the whole the caller saw and confirmed: anything else remaining is refused.
 */
export function refundSession(session: Session, ctx: DomainContext, confirmed?: number): SessionRefunded {
  const plan = planSessionRefund(session);
  checkConfirmedWhole(plan, confirmed);
  let next = session;
  const transactionIds: TransactionId[] = [];
  for (const planned of plan.refunds) {
    const requested = requestRefund(next, planned.attemptId, { amount: planned.amount.amount }, ctx);
    next = requested.session;
    transactionIds.push(requested.transactionId);
  }
  return { session: next, transactionIds };
}
