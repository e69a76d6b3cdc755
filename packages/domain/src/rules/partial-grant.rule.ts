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
 *   choose to lower): its money is handed back.
 */
export type GrantDecision =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly partialAuth: PartialAuth }
  | { readonly kind: 'refused' };

export function grantDecision(input: {
  readonly requested: Money;
  readonly granted: Money;
  readonly chosenByPayer: boolean;
  readonly offer: MethodOffer;
  readonly mustCreateAlias: boolean;
}): GrantDecision {
  const { requested, granted, chosenByPayer, offer, mustCreateAlias } = input;
  if (granted.amount >= requested.amount) return { kind: 'full' };
  if (granted.amount <= 0 || mustCreateAlias) return { kind: 'refused' };
  if (chosenByPayer) return { kind: 'partial', partialAuth: 'chosen' };
  // A mandated partial waits for the payer's decision, which only a hold can wait for.
  if (offer.partialAuth === true && offer.capabilities.operation === 'authorization') {
    return { kind: 'partial', partialAuth: 'mandated' };
  }
  return { kind: 'refused' };
}
