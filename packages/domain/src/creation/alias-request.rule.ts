import { DomainError } from '../errors/domain-error';
import type { MethodOffer } from '../method/method';

/** Whether an offer would register the payer's means when paid with. */
function wouldRegister(offer: MethodOffer, mustCreateAlias: boolean): boolean {
  return offer.createAlias !== undefined || (mustCreateAlias && offer.capabilities.aliasRegistration);
}

/** A registration needs the 3-D Secure challenge: a frictionless card, or a card driver without 3-D Secure, cannot carry it. */
function carriesChallenge(offer: MethodOffer): boolean {
  if (offer.method !== 'card') return true;
  return offer.capabilities.threeDSecure && offer.threeDSecure !== 'frictionless';
}

/**
 * AliasNeedsRegistrableMethod: mustCreateAlias and no offered method can register, or a card entry
 * asks createAlias of a provider that cannot register. AliasRequiresChallenge: a method that would
 * register cannot carry the required authentication (createAlias or mustCreateAlias with frictionless).
 */
export function checkAlias(offers: readonly MethodOffer[], mustCreateAlias: boolean): void {
  for (const offer of offers) {
    if (offer.createAlias && !offer.capabilities.aliasRegistration) {
      throw new DomainError('AliasNeedsRegistrableMethod', `'${offer.id}' asks createAlias but its provider cannot register the payer's means`);
    }
  }
  if (mustCreateAlias && !offers.some((o) => o.capabilities.aliasRegistration)) {
    throw new DomainError('AliasNeedsRegistrableMethod', "mustCreateAlias: no declared method can register the payer's means");
  }
  for (const offer of offers) {
    if (wouldRegister(offer, mustCreateAlias) && !carriesChallenge(offer)) {
      throw new DomainError('AliasRequiresChallenge', `'${offer.id}' would register the card, which requires the 3-D Secure challenge (threeDSecure sca)`);
    }
  }
}
