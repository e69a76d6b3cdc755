import { DomainError } from '../errors/domain-error';
import type { MethodOffer } from '../method/method';

/**
 * Whether paying with an offer sends the payer away to the PSP's page, who then comes back through
 * the return door to the session's returnUrl. Read from the driver's flow (`redirect`), never from the
 * method's name: a card's 3-D Secure page is not such a flow (its driver says `threeDSecure`).
 */
export function sendsPayerAway(offer: MethodOffer): boolean {
  return offer.capabilities.redirect;
}

/**
 * InvalidRequest: an offered method sends the payer to its PSP's page and the request has no
 * returnUrl, so the payer would come back to no merchant page (the contract: returnUrl is "required
 * only to use redirected methods"). Checked on the offer, after the whitelists dropped what they drop.
 */
export function checkReturnUrl(offers: readonly MethodOffer[], returnUrl: string | undefined): void {
  if (returnUrl !== undefined) return;
  const away = offers.find(sendsPayerAway);
  if (away) {
    throw new DomainError('InvalidRequest', `returnUrl is required: '${away.id}' (${away.method}) sends the payer to its PSP's page, who comes back to returnUrl`);
  }
}
