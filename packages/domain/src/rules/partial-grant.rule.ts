import type { Attempt, PartialAuth } from '../attempt/attempt.model';
import type { CardScheme, DeclineCategory, MethodOffer } from '../method/method';
import type { Money } from '../money/money';
import { schemeAccepted } from './card-scheme.rule';

/**
 * The issuer granted less than asked and the payer has not decided yet. Derived from recorded state
 * only, so the decision survives a reload.
 */
export function isAwaitingPartialDecision(attempt: Attempt): boolean {
  return (
    attempt.status === 'AUTHORIZED' &&
    attempt.releasedAt === undefined &&
    attempt.partialAuth === 'mandated' &&
    attempt.partialAcceptedAt === undefined
  );
}

/**
 * An issuer's lower grant can be kept for the payer to decide (a mandated partial): the method allows
 * partial authorization, the operation is a hold (only a hold can wait for the decision), and the
 * order may be split (one that registers the payer's means cannot). The view offers partial
 * authorization only where this holds, so it never offers a choice that cannot happen.
 */
export function mandatedPartialPossible(offer: MethodOffer, mustCreateAlias: boolean): boolean {
  return !mustCreateAlias && offer.partialAuth === true && offer.capabilities.operation === 'authorization';
}

/**
 * What becomes of a grant:
 * - `full`: the whole request was granted;
 * - `partial`: a lower grant kept, `chosen` by the payer in the PSP's app, or `mandated` by the
 *   issuer (the payer must then accept it or refuse it through cancel);
 * - `refused`: a grant the service refuses: its money is handed back. A card grant on a network the
 *   offer does not list says so with `declineCategory` (method-unavailable). A lower grant is refused
 *   where the method does not allow partial authorization, the order registers the payer's means and
 *   cannot be split, or a direct payment the payer did not choose to lower; it still names who
 *   lowered it (`partialAuth`), so the attempt tells why it failed; a zero grant names nobody
 *   (nothing was granted).
 */
export type GrantDecision =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly partialAuth: PartialAuth }
  | { readonly kind: 'refused'; readonly partialAuth?: PartialAuth; readonly declineCategory?: DeclineCategory };

export function grantDecision(input: {
  readonly requested: Money;
  readonly granted: Money;
  readonly chosenByPayer: boolean;
  readonly offer: MethodOffer;
  readonly mustCreateAlias: boolean;
  /** The network the PSP named, if any. */
  readonly cardScheme?: CardScheme;
}): GrantDecision {
  const { requested, granted, chosenByPayer, offer, mustCreateAlias } = input;
  if (!schemeAccepted(offer, input.cardScheme)) return { kind: 'refused', declineCategory: 'method-unavailable' };
  if (granted.amount >= requested.amount) return { kind: 'full' };
  if (granted.amount <= 0) return { kind: 'refused' };
  const partialAuth: PartialAuth = chosenByPayer ? 'chosen' : 'mandated';
  if (mustCreateAlias) return { kind: 'refused', partialAuth };
  if (chosenByPayer) return { kind: 'partial', partialAuth };
  return mandatedPartialPossible(offer, mustCreateAlias) ? { kind: 'partial', partialAuth } : { kind: 'refused', partialAuth };
}
