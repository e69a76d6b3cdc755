import type { AccountProvider } from '../api/api-types';

export interface ProviderOption {
  readonly value: string;
  readonly label: string;
}

/**
 * The provider select's options: the account's providers as GET /api/me lists them (D66), each named
 * by the page's catalogue, else by the service, else by its id; then the provider the address names
 * if the account holds no contract with it (a contract since removed still has operations), so the
 * select shows what is searched.
 */
export function providerOptions(providers: readonly AccountProvider[], catalogue: Readonly<Record<string, string>>, chosen: string | undefined): ProviderOption[] {
  const options = providers.map((p) => ({ value: p.id, label: providerLabel(providers, catalogue, p.id) }));
  if (chosen && !providers.some((p) => p.id === chosen)) options.push({ value: chosen, label: providerLabel(providers, catalogue, chosen) });
  return options;
}

/** A provider's name in the page: the catalogue's, else the service's, else its id. */
export function providerLabel(providers: readonly AccountProvider[], catalogue: Readonly<Record<string, string>>, id: string): string {
  return catalogue[id] ?? providers.find((p) => p.id === id)?.name ?? id;
}
