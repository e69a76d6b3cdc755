import type { MethodOffer } from '../method/method';

/**
 * Can the payer end an attempt with this method and be sure of owing nothing: always for a hold (it
 * is released, or lapses); for a direct settlement only where the PSP can undo it (void or refund).
 */
export function isAbandonable(offer: MethodOffer): boolean {
  const c = offer.capabilities;
  return c.operation === 'authorization' || c.void || c.refund;
}

/**
 * The method takes the money at once and nothing can hand it back: it may only pay the whole
 * remaining balance (no partial amount is offered).
 */
export function mustSettleRemaining(offer: MethodOffer): boolean {
  return !isAbandonable(offer);
}
