import type { Contract } from '../merchant/merchant-account.model';
import { CARD_SCHEMES, type CardScheme, type DriverCapabilities, type MethodOffer } from '../method/method';
import type { CardEntry } from './session-request.model';

/** Card fields of an offer, defaults applied. */
export type CardTerms = Pick<MethodOffer, 'schemes' | 'partialAuth' | 'threeDSecure' | 'cardHolder' | 'createAlias'>;

/**
 * Resolves a card entry against its contract:
 * - schemes: as listed (display order); omitted, the contract's; a contract naming none carries every
 *   scheme the service knows. A listed scheme the acquirer does not serve is refused at the till.
 *   A grant the PSP reports on a network not listed is refused by the service (rules/card-scheme.rule.ts).
 * - partialAuth: on only when asked and both the contract and the driver carry it, and off on an order
 *   that registers the payer's means (it cannot be split, so every lower grant is refused there, and
 *   the PSP is not asked to allow one); otherwise a lower grant is refused by the service (the safe side).
 * - threeDSecure defaults to sca, cardHolder to off.
 */
export function resolveCardTerms(entry: CardEntry, contract: Contract, capabilities: DriverCapabilities, mustCreateAlias: boolean): CardTerms {
  const schemes: readonly CardScheme[] = entry.schemes ?? contract.schemes ?? CARD_SCHEMES;
  return {
    schemes: [...schemes],
    partialAuth: !mustCreateAlias && entry.partialAuth === true && contract.partialAuth === true && capabilities.partialAuthorization,
    threeDSecure: entry.threeDSecure ?? 'sca',
    cardHolder: entry.cardHolder ?? false,
    ...(entry.createAlias ? { createAlias: entry.createAlias } : {}),
  };
}
