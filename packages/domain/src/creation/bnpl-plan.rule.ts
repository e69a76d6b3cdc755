import { DomainError } from '../errors/domain-error';
import type { Contract } from '../merchant/merchant-account.model';
import type { ContractPlan, PlanKey } from '../method/method';

const planName = (p: PlanKey): string => `${p.installments}x ${p.withFees ? 'with' : 'without'} fees`;
const samePlan = (a: PlanKey, b: PlanKey): boolean => a.installments === b.installments && a.withFees === b.withFees;

/**
 * The plans a financing entry offers, as the lender contract prices them. Named plans: DuplicatePlan
 * when one is named twice, UnknownBnplPlan when the contract does not offer it. Omitted: every plan of
 * the contract (UnknownBnplPlan when it offers none, since financing without a plan cannot be used).
 */
export function resolvePlans(methodId: string, requested: readonly PlanKey[] | undefined, contract: Contract): readonly ContractPlan[] {
  const offered = contract.plans ?? [];
  if (requested === undefined) {
    if (offered.length === 0) throw new DomainError('UnknownBnplPlan', `The lender contract of '${methodId}' offers no plan`);
    return offered;
  }
  const plans: ContractPlan[] = [];
  for (const plan of requested) {
    if (plans.some((p) => samePlan(p, plan))) throw new DomainError('DuplicatePlan', `Plan ${planName(plan)} appears twice on '${methodId}'`);
    const priced = offered.find((p) => samePlan(p, plan));
    if (!priced) throw new DomainError('UnknownBnplPlan', `Plan ${planName(plan)} is not offered by the lender contract of '${methodId}'`);
    plans.push(priced);
  }
  return plans;
}
