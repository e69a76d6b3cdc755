import { sum, type Money } from '../money/money';
import type { Session } from '../session/session.model';
import { isAwaitingPartialDecision } from './partial-grant.rule';
import { isSettled, settledGranted } from './remaining-balance.rule';

/**
 * The order is covered: settled attempts were granted the whole total, no attempt is AUTHORIZING and
 * no mandated partial grant awaits the payer's decision.
 */
export function isCovered(session: Session): boolean {
  return (
    settledGranted(session).amount >= session.total.amount &&
    !session.attempts.some((a) => a.status === 'AUTHORIZING' || isAwaitingPartialDecision(a))
  );
}

/**
 * What the order has taken: the granted amounts of settled attempts that took their money (CAPTURED).
 * Money handed back, or owed to the payer on a session that did not end PAID, is not the order's:
 * the attempt's refunded and owedToPayer tell it.
 */
export function capturedAmount(session: Session): Money {
  return sum(
    session.total.currency,
    session.attempts.filter((a) => a.status === 'CAPTURED' && isSettled(a)).map((a) => a.granted),
  );
}
