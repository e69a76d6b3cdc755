import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';

/**
 * The cardholder name the acquirer gets when the card form does not collect one (the offer's
 * `cardHolder` off): the merchant's customer's first name, then last name when given. Undefined when
 * the form collects it (the payer's own entry counts, even empty), for other methods, and without a
 * customer first name (nothing is made up).
 */
export function cardholderFallback(session: Pick<Session, 'customer'>, offer: MethodOffer): string | undefined {
  if (offer.method !== 'card' || offer.cardHolder === true) return undefined;
  const first = session.customer?.firstName;
  if (!first) return undefined;
  const last = session.customer?.lastName;
  return last ? `${first} ${last}` : first;
}
