import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';

/**
 * The offer's PSP takes the session's currency: the currencies its driver declared (snapshotted on the
 * offer at creation), any when it declared none. One session has one currency and no conversion
 * happens, so an offer that cannot take it can never be used (docs/decisions.md D86).
 */
export function takesSessionCurrency(session: Pick<Session, 'total'>, offer: MethodOffer): boolean {
  const accepted = offer.capabilities.currencies;
  return accepted === undefined || accepted.includes(session.total.currency);
}
