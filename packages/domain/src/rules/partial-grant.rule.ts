import type { Attempt, PartialAuth } from '../attempt/attempt.model';
import type { MethodOffer } from '../method/method';
import type { Money } from '../money/money';

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
 * What becomes of a grant:
 * - `full`: the whole request was granted;
 * - `partial`: a lower grant kept, `chosen` by the payer in the PSP's app, or `mandated` by the
 *   issuer (the payer must then accept it or refuse it through cancel);
 * - `refused`: a lower grant the service refuses (the method does not allow partial authorization,
 *   the order registers the payer's means and cannot be split, or a direct payment the payer did not
 *   choose to lower): its money is handed back. It still names who lowered it (`partialAuth`), so
 *   the attempt tells why it failed; a zero grant names nobody (nothing was granted).
 */
export type GrantDecision =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly partialAuth: PartialAuth }
  | { readonly kind: 'refused'; readonly partialAuth?: PartialAuth };

export function grantDecision(input: {
  readonly requested: Money;
  readonly granted: Money;
  readonly chosenByPayer: boolean;
  readonly offer: MethodOffer;
  readonly mustCreateAlias: boolean;
}): GrantDecision {
  const { requested, granted, chosenByPayer, offer, mustCreateAlias } = input;
  if (granted.amount >= requested.amount) return { kind: 'full' };
  if (granted.amount <= 0) return { kind: 'refused' };
  const partialAuth: PartialAuth = chosenByPayer ? 'chosen' : 'mandated';
  if (mustCreateAlias) return { kind: 'refused', partialAuth };
  if (chosenByPayer) return { kind: 'partial', partialAuth };
  // A mandated partial waits for the payer's decision, which only a hold can wait for.
  if (offer.partialAuth === true && offer.capabilities.operation === 'authorization') {
    return { kind: 'partial', partialAuth };
  }
  return { kind: 'refused', partialAuth };
}
