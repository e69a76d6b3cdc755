import type { Contract } from '../merchant/merchant-account.model';
import { CARD_SCHEMES, type CardScheme, type DriverCapabilities, type MethodOffer } from '../method/method';
import type { CardEntry } from './session-request.model';

/** Card fields of an offer, defaults applied. */
export type CardTerms = Pick<MethodOffer, 'schemes' | 'partialAuth' | 'threeDSecure' | 'cardHolder' | 'createAlias'>;

/**
 * Resolves a card entry against its contract:
 * - schemes: as listed (display order); omitted, the contract's; a contract naming none carries every
 *   scheme the service knows. A listed scheme the acquirer does not serve is refused at the till.
 * - partialAuth: on only when asked and both the contract and the driver carry it; otherwise a lower
 *   grant is refused by the service (the safe side).
 * - threeDSecure defaults to sca, cardHolder to off.
 */
export function resolveCardTerms(entry: CardEntry, contract: Contract, capabilities: DriverCapabilities): CardTerms {
  const schemes: readonly CardScheme[] = entry.schemes ?? contract.schemes ?? CARD_SCHEMES;
  return {
    schemes: [...schemes],
    partialAuth: entry.partialAuth === true && contract.partialAuth === true && capabilities.partialAuthorization,
    threeDSecure: entry.threeDSecure ?? 'sca',
    cardHolder: entry.cardHolder ?? false,
    ...(entry.createAlias ? { createAlias: entry.createAlias } : {}),
  };
}
