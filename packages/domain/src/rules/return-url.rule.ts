import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';

/**
 * Whether paying with an offer sends the payer away to the PSP's page, who then comes back through
 * the return door to the session's returnUrl. Read from the driver's flow (`redirect`), never from the
 * method's name: a card's 3-D Secure page is not such a flow (its driver says `threeDSecure`).
 */
export function sendsPayerAway(offer: MethodOffer): boolean {
  return offer.capabilities.redirect;
}

/**
 * The offer sends the payer to its PSP's page and the session has no returnUrl to bring them back to
 * the merchant: the method cannot be used (the contract: returnUrl is "required only to use
 * redirected methods"), though the session offering it was created (docs/decisions.md D61).
 */
export function lacksReturnUrl(session: Pick<Session, 'returnUrl'>, offer: MethodOffer): boolean {
  return session.returnUrl === undefined && sendsPayerAway(offer);
}

/** The session's offers that no payer can use for want of a returnUrl. */
export function unusableWithoutReturnUrl(session: Pick<Session, 'returnUrl' | 'methods'>): readonly MethodOffer[] {
  return session.methods.filter((offer) => lacksReturnUrl(session, offer));
}
