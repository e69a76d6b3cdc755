import type { CardScheme, MethodOffer } from '../method/method';

/**
 * The network a card grant ran on is one the offer accepts. A verdict naming no network is accepted:
 * nothing tells it ran on one the offer leaves out. The network is compared as the PSP named it, so a
 * co-badged card reported as `visa` is refused by an offer listing only `cb` (docs/decisions.md D74).
 */
export function schemeAccepted(offer: MethodOffer, cardScheme: CardScheme | undefined): boolean {
  if (cardScheme === undefined || offer.method !== 'card' || offer.schemes === undefined) return true;
  return offer.schemes.includes(cardScheme);
}
