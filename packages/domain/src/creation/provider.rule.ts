import { DomainError } from '../errors/domain-error';
import type { Contract, MerchantAccount } from '../merchant/merchant-account.model';
import type { DriverCapabilities, MethodKind } from '../method/method';
import type { PspDriver } from '../psp/psp-driver.port';
import { contractServes, type OfferFilters } from './contract-whitelist.rule';

/** What session creation needs to know of the drivers the platform carries (a `PspRegistry`). */
export interface PspCatalog {
  carries(provider: string): boolean;
  driver(provider: string, method: MethodKind): DriverOfCatalog | undefined;
}

/**
 * What creation reads of a driver: its capabilities, per contract when its settings change them, and
 * whether it validates an in-page wallet's merchant (`walletSession`, only its presence is read).
 */
export interface DriverOfCatalog extends Pick<PspDriver, 'walletSession'> {
  readonly capabilities: DriverCapabilities;
  capabilitiesFor?(settings: Readonly<Record<string, unknown>>): DriverCapabilities;
}

/**
 * The capabilities a driver has under a contract's non-secret settings, as the offer snapshots them
 * (session creation, and the driver contract kit). An in-page wallet's (`confirm`) `merchantValidation`
 * is derived here from the driver having `walletSession`, the very thing the wallet-session door
 * serves, never declared: a flag declared apart from the method could say `false` of a driver that
 * needs the door, and the components would then skip the validation the wallet requires.
 */
export function offerCapabilities(driver: DriverOfCatalog, settings: Readonly<Record<string, unknown>>): DriverCapabilities {
  const capabilities = driver.capabilitiesFor ? driver.capabilitiesFor(settings) : driver.capabilities;
  return capabilities.confirm ? { ...capabilities, merchantValidation: driver.walletSession !== undefined } : capabilities;
}

/** The capabilities an offer snapshots for the contract chosen to serve it. */
export function capabilitiesUnder(driver: DriverOfCatalog, contract: Contract): DriverCapabilities {
  return offerCapabilities(driver, contract.settings ?? {});
}

/**
 * How a method entry is served: by the contracts of one provider that fit the order (file order, never
 * empty) and that provider's driver, or not at all because every contract that could serve it is
 * restricted to countries or channels the order does not name. Which of the contracts serves the entry
 * is the caller's choice (the first, or for financing the national contract: national-contract.rule).
 */
export type ProviderResolution =
  | {
      readonly kind: 'served';
      readonly contracts: readonly [Contract, ...Contract[]];
      readonly driver: DriverOfCatalog;
      /** The entry named the provider (its refusals then speak of that provider). */
      readonly providerNamed: boolean;
    }
  | { readonly kind: 'not-served' };

function servedBy(contracts: readonly Contract[], driver: DriverOfCatalog | undefined, providerNamed: boolean): ProviderResolution {
  const [first, ...rest] = contracts;
  return first && driver ? { kind: 'served', contracts: [first, ...rest], driver, providerNamed } : { kind: 'not-served' };
}

/**
 * The contracts that serve one method entry.
 * - Named provider: UnknownProvider when the platform does not carry it (or has no driver of it for
 *   this method), ProviderNotContracted when the account holds no contract for the method with it.
 * - No provider: NoProviderForMethod when no contract of the account serves the method (at a provider
 *   the platform carries), AmbiguousProvider (listing them) when contracts at several providers fit;
 *   several contracts at one provider are not ambiguous.
 * Contracts whose whitelists exclude the order make the entry `not-served` (dropped from the offer).
 */
export function resolveProvider(
  entry: { readonly method: MethodKind; readonly provider?: string },
  account: Pick<MerchantAccount, 'contracts'>,
  catalog: PspCatalog,
  filters: OfferFilters | undefined,
): ProviderResolution {
  const { method } = entry;
  if (entry.provider !== undefined) {
    const provider = entry.provider;
    const driver = catalog.carries(provider) ? catalog.driver(provider, method) : undefined;
    if (!driver) throw new DomainError('UnknownProvider', `Provider '${provider}' is not one the platform carries for ${method}`);
    const contracts = account.contracts.filter((c) => c.method === method && c.provider === provider);
    if (contracts.length === 0) {
      throw new DomainError('ProviderNotContracted', `The account holds no contract for ${method} with provider '${provider}'`);
    }
    return servedBy(contracts.filter((c) => contractServes(c, filters)), driver, true);
  }
  const candidates = account.contracts.filter((c) => c.method === method && catalog.carries(c.provider) && catalog.driver(c.provider, method));
  if (candidates.length === 0) throw new DomainError('NoProviderForMethod', `No contract of the account serves ${method}`);
  const fitting = candidates.filter((c) => contractServes(c, filters));
  const providers = [...new Set(fitting.map((c) => c.provider))];
  if (providers.length > 1) {
    throw new DomainError('AmbiguousProvider', `Several contracts serve ${method}: ${providers.join(', ')}; name one with provider`);
  }
  const provider = providers[0];
  return servedBy(fitting, provider === undefined ? undefined : catalog.driver(provider, method), false);
}
