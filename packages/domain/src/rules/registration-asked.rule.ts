import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';

/**
 * The order asked for the payer's means to be registered when paying with this method: the whole
 * order through mustCreateAlias, or the method entry through its own createAlias.
 */
export function registrationAsked(session: Pick<Session, 'mustCreateAlias'>, offer: Pick<MethodOffer, 'createAlias'>): boolean {
  return session.mustCreateAlias === true || offer.createAlias !== undefined;
}
