import type { MethodOffer } from '../method/method';
import type { Money } from '../money/money';
import type { Session } from '../session/session.model';

/**
 * A session whose merchant asked for the payer's means to be registered (mustCreateAlias) cannot be
 * split: one mandate covers the whole order, so every attempt asks for the whole total.
 */
export function splitForbiddenByAlias(session: Session): boolean {
  return session.mustCreateAlias === true;
}

/** The amount respects the no-split rule. */
export function respectsAliasRule(session: Session, amount: Money): boolean {
  return !splitForbiddenByAlias(session) || amount.amount === session.total.amount;
}

/** The method can register the payer's means (needed on a mustCreateAlias session). */
export function canRegisterAlias(offer: MethodOffer): boolean {
  return offer.capabilities.aliasRegistration;
}
