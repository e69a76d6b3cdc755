import { DomainError } from '../errors/domain-error';
import type { Contract } from '../merchant/merchant-account.model';
import type { Address } from '../session/session.model';

/** The contracts that serve a financing entry, as provider resolution found them (one provider, file order). */
export interface LoanContracts {
  readonly methodId: string;
  readonly contracts: readonly [Contract, ...Contract[]];
  /** The entry named the provider: a refusal then says the account holds no fitting contract with it. */
  readonly providerNamed: boolean;
}

const nationsOf = (contracts: readonly Contract[]): string[] => [...new Set(contracts.flatMap((c) => (c.nation === undefined ? [] : [c.nation])))];

/**
 * The contract that prices a financing entry's loan (its plans, its settings, its id on the offer):
 * the first whose `nation` is the billing country, else the first without a nation (the fallback for
 * any billing country). Without national contracts this is the first contract, as before nations.
 *
 * The billing country never drives which methods are offered, so a billing country that no contract
 * prices is a refusal, never a method dropped from the offer: ProviderNotContracted when the entry
 * named the provider, else NoProviderForMethod. With only national contracts and no billing country,
 * nothing can be chosen and BnplNeedsBillingAddress names the missing field (the financing file rule
 * would refuse that order anyway).
 */
export function loanContract(entry: LoanContracts, billing: Pick<Address, 'country'> | undefined): Contract {
  const { contracts, methodId } = entry;
  const country = billing?.country;
  const national = country === undefined ? undefined : contracts.find((c) => c.nation === country);
  const chosen = national ?? contracts.find((c) => c.nation === undefined);
  if (chosen) return chosen;
  if (country === undefined) {
    const field = billing === undefined ? 'billing' : 'billing.country';
    throw new DomainError('BnplNeedsBillingAddress', `A session offering financing needs ${field}: it picks which national contract of '${methodId}' prices the loan`);
  }
  const provider = contracts[0].provider;
  const nations = nationsOf(contracts).join(', ');
  if (entry.providerNamed) {
    throw new DomainError('ProviderNotContracted', `The account holds no contract with provider '${provider}' that prices '${methodId}' for billing country ${country} (national contracts: ${nations})`);
  }
  throw new DomainError('NoProviderForMethod', `No contract of the account prices '${methodId}' for billing country ${country} (national contracts at '${provider}': ${nations})`);
}
