import type { ContractPlan, MethodOffer, PlanKey } from '../method/method';
import type { Money } from '../money/money';
import type { Session } from '../session/session.model';
import { canRegisterAlias, splitForbiddenByAlias } from './alias-split.rule';
import { takesSessionCurrency } from './currency.rule';
import { remainingBalance } from './remaining-balance.rule';
import { lacksReturnUrl } from './return-url.rule';

/** Why a method cannot be used now. */
export type IneligibilityReason =
  /** Nothing is left to pay. */
  | 'nothing-remaining'
  /** The remaining balance is outside the method's range window. */
  | 'outside-range'
  /** No financing plan still covers the remaining balance. */
  | 'no-plan-covers'
  /** The order must register the payer's means and this method cannot. */
  | 'cannot-register-alias'
  /** The method sends the payer to its PSP's page and the session has no returnUrl to come back to. */
  | 'no-return-url'
  /** The method's PSP does not take the session's currency. */
  | 'currency-not-accepted';

export type Eligibility = { readonly eligible: true } | { readonly eligible: false; readonly reason: IneligibilityReason };

/** The amount is inside the method's range window (inclusive); no window means any amount. */
export function withinRange(offer: MethodOffer, amount: Money): boolean {
  return !offer.range || (amount.amount >= offer.range.min && amount.amount <= offer.range.max);
}

/** The plan finances this amount (its window, when the contract sets one, is inclusive). */
export function planCovers(plan: ContractPlan, amount: Money): boolean {
  return (
    (plan.minAmount === undefined || amount.amount >= plan.minAmount) &&
    (plan.maxAmount === undefined || amount.amount <= plan.maxAmount)
  );
}

/** The offer's financing plans that cover the amount. */
export function plansCovering(offer: MethodOffer, amount: Money): readonly ContractPlan[] {
  return (offer.plans ?? []).filter((p) => planCovers(p, amount));
}

/** The offer's plan named by the pair (installments, withFees), if offered. */
export function offeredPlan(offer: MethodOffer, plan: PlanKey): ContractPlan | undefined {
  return offer.plans?.find((p) => p.installments === plan.installments && p.withFees === plan.withFees);
}

/**
 * Can an attempt be started with this method now: the remaining balance is inside its range window,
 * a financing plan still covers it, the method can register the payer's means when the order asks
 * for it, a method that sends the payer to its PSP's page has a returnUrl to bring them back, and its
 * PSP takes the session's currency. The missing returnUrl and the currency are told first: no payment
 * ever makes them go away.
 */
export function methodEligibility(session: Session, offer: MethodOffer): Eligibility {
  const remaining = remainingBalance(session);
  if (remaining.amount <= 0) return { eligible: false, reason: 'nothing-remaining' };
  if (lacksReturnUrl(session, offer)) return { eligible: false, reason: 'no-return-url' };
  if (!takesSessionCurrency(session, offer)) return { eligible: false, reason: 'currency-not-accepted' };
  if (!withinRange(offer, remaining)) return { eligible: false, reason: 'outside-range' };
  if (offer.capabilities.financing && plansCovering(offer, remaining).length === 0) {
    return { eligible: false, reason: 'no-plan-covers' };
  }
  if (splitForbiddenByAlias(session) && !canRegisterAlias(offer)) {
    return { eligible: false, reason: 'cannot-register-alias' };
  }
  return { eligible: true };
}

const WHY: Partial<Record<IneligibilityReason, string>> = {
  'no-return-url': ": it sends the payer to its PSP's page and the session has no returnUrl to bring them back",
  'currency-not-accepted': ": its payment service provider does not take the session's currency",
};

/** Why starting an attempt with the offer is refused, for the MethodNotEligible message. */
export function ineligibilityMessage(offer: MethodOffer, reason: IneligibilityReason): string {
  const why = WHY[reason] ?? '';
  return `Method ${offer.id} cannot be used now (${reason})${why}`;
}

export function isMethodEligible(session: Session, offer: MethodOffer): boolean {
  return methodEligibility(session, offer).eligible;
}
