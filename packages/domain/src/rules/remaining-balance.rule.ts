import type { Attempt } from '../attempt/attempt.model';
import { subtract, sum, type Money } from '../money/money';
import type { Session } from '../session/session.model';

/**
 * A settled attempt counts against the balance: AUTHORIZED (money held) or CAPTURED (money taken),
 * unless the service decided to hand its money back (`releasedAt`: payer cancel, refused partial
 * grant, failed capture, late grant, session that did not end PAID).
 */
export function isSettled(attempt: Attempt): boolean {
  return (attempt.status === 'AUTHORIZED' || attempt.status === 'CAPTURED') && attempt.releasedAt === undefined;
}

/** Sum of what settled attempts were granted. */
export function settledGranted(session: Session): Money {
  return sum(
    session.total.currency,
    session.attempts.filter(isSettled).map((a) => a.granted),
  );
}

/** Remaining balance: the total minus the granted amounts of settled attempts. */
export function remainingBalance(session: Session): Money {
  return subtract(session.total, settledGranted(session));
}
