import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';
import { spacedControls } from '../shared/plain-text';

/**
 * The cardholder name the acquirer gets when the card form does not collect one (the offer's
 * `cardHolder` off): the merchant's customer's first name, then last name when given. Undefined when
 * the form collects it (the payer's own entry counts, even empty), for other methods, and without a
 * customer first name (nothing is made up). A control character of a customer stored before creation
 * refused them (docs/decisions.md D67) goes as a space, never to the acquirer.
 */
export function cardholderFallback(session: Pick<Session, 'customer'>, offer: MethodOffer): string | undefined {
  if (offer.method !== 'card' || offer.cardHolder === true) return undefined;
  const first = session.customer?.firstName;
  if (!first) return undefined;
  const last = session.customer?.lastName;
  const name = spacedControls(last ? `${first} ${last}` : first).replace(/ {2,}/g, ' ').trim();
  return name || undefined;
}
