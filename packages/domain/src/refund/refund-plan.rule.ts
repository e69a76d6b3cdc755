import { DomainError } from '../errors/domain-error';
import type { AttemptId } from '../ids/ids';
import type { Money } from '../money/money';
import type { Session } from '../session/session.model';
import { refundable as refundableOf } from '../rules/refundable.rule';
import { offerOf } from '../session/session-edit';
import { hasEnded } from '../session/session-ended.rule';
import { refundCapability, refundInFlight } from './refund-facts.rule';

/** One attempt of a session refund and what remains refundable on it. */
export interface PlannedRefund {
  readonly attemptId: AttemptId;
  readonly amount: Money;
}

/** What a whole-session refund will send back: every attempt that still holds refundable money. */
export interface SessionRefundPlan {
  /** At least one entry, in attempt order. */
  readonly refunds: readonly PlannedRefund[];
}

/**
 * Plans the refund of a whole session before anything is recorded or sent, so a total refund never
 * stops half-made: every attempt that took money and still holds some is checked for capability and
 * for no refund in flight. An attempt the service is handing back holds nothing refundable, so it is
 * left out (its own void, refund or owedToPayer neither blocks nor joins the plan).
 *
 * Refusals: SessionNotEnded; RefundNotSupported when an attempt that took money cannot be refunded at
 * its PSP (the gesture refuses rather than refunding partially; it wins over RefundInFlight because
 * waiting would not help); RefundInFlight; NothingToRefund when nothing remains anywhere.
 */
export function planSessionRefund(session: Session): SessionRefundPlan {
  if (!hasEnded(session)) throw new DomainError('SessionNotEnded', 'A refund is possible only once the session has ended');
  const refunds: PlannedRefund[] = [];
  let unsupported: AttemptId | undefined;
  let inFlight: AttemptId | undefined;
  for (const attempt of session.attempts) {
    const refundable = refundableOf(attempt);
    if (refundable.amount <= 0) continue;
    if (!refundCapability(offerOf(session, attempt)).refund) unsupported ??= attempt.id;
    else if (refundInFlight(attempt)) inFlight ??= attempt.id;
    else refunds.push({ attemptId: attempt.id, amount: refundable });
  }
  if (unsupported) throw new DomainError('RefundNotSupported', `Attempt ${unsupported} took money that its PSP cannot refund`);
  if (inFlight) throw new DomainError('RefundInFlight', `A refund of attempt ${inFlight} is already in flight`);
  if (refunds.length === 0) throw new DomainError('NothingToRefund', 'Nothing remains to refund on this session');
  return { refunds };
}
