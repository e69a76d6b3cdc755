import type { MethodOffer } from '../method/method';
import type { Money } from '../money/money';
import { mustSettleRemaining } from '../rules/abandonable.rule';
import { splitForbiddenByAlias } from '../rules/alias-split.rule';
import { isMethodEligible } from '../rules/method-eligibility.rule';
import { mandatedPartialPossible } from '../rules/partial-grant.rule';
import { payerMayAct } from '../session/payer-guard';
import type { Session } from '../session/session.model';
import { assertUnreachable } from '../shared/brand';
import { priceFinancingPlan } from './financing-plan.view';
import type { CardMethodView, HostedFieldsView, MethodView } from './session-view.model';

export interface MethodViewContext {
  readonly session: Session;
  readonly remaining: Money;
  readonly now: number;
  /** Hosted-fields settings of card offers whose front loads an acquirer SDK, by offer id. */
  readonly hostedFields: Readonly<Record<string, HostedFieldsView>>;
}

/**
 * One method entry. A method is eligible only while the payer may act (`payerMayAct`: PENDING, before its expiry) and the domain's
 * eligibility rule admits it; an ineligible entry stays in the list.
 */
export function methodView(offer: MethodOffer, ctx: MethodViewContext): MethodView {
  const { session } = ctx;
  const eligible = payerMayAct(session, ctx.now) && isMethodEligible(session, offer);
  const settleAll = mustSettleRemaining(offer) || splitForbiddenByAlias(session);
  const common = {
    id: offer.id,
    ...(offer.label !== undefined ? { label: offer.label } : {}),
    ...(offer.range ? { range: { min: offer.range.min, max: offer.range.max, currency: session.total.currency } } : {}),
    eligible,
    ...(settleAll ? { mustSettleRemaining: true } : {}),
  };
  switch (offer.method) {
    case 'card': {
      const hosted = ctx.hostedFields[offer.id];
      const card: CardMethodView = {
        method: 'card',
        ...common,
        // Read from the rule, not the offer alone: an offer stored before creation resolved it still says partialAuth on a registering order.
        ...(mandatedPartialPossible(offer, session.mustCreateAlias === true) ? { partialAuth: 'mandated' as const } : {}),
        ...(offer.cardHolder === true ? { cardHolder: true } : {}),
        schemes: [...(offer.schemes ?? [])],
        // A card driver always names its front; acquirer-hosted is the safe default (no raw card data).
        integration: offer.capabilities.cardIntegration ?? 'acquirer-hosted',
        ...(hosted ? { hostedFields: { keyId: hosted.keyId, key: hosted.key, sdkUrl: hosted.sdkUrl } } : {}),
      };
      return card;
    }
    case 'oney':
      return {
        method: 'oney',
        ...common,
        plans: (offer.plans ?? []).map((plan) => priceFinancingPlan(plan, ctx.remaining, ctx.now)),
      };
    case 'applepay': {
      const validation = offer.capabilities.merchantValidation;
      return { method: 'applepay', ...common, ...(validation !== undefined ? { merchantValidation: validation ? 'service' : 'none' } : {}) };
    }
    case 'paypal':
    case 'wero':
    case 'ancv':
      return { method: offer.method, ...common };
    default:
      return assertUnreachable(offer.method, 'method');
  }
}
