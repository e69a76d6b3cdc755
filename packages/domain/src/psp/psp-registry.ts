import type { MethodKind } from '../method/method';
import type { PspDriver, PspProvider } from './psp-driver.port';

/** The drivers the platform carries, keyed by (provider, method). */
export class PspRegistry {
  private readonly providers = new Map<string, PspProvider>();

  constructor(providers: readonly PspProvider[]) {
    for (const provider of providers) {
      if (this.providers.has(provider.id)) throw new Error(`Provider registered twice: ${provider.id}`);
      this.providers.set(provider.id, provider);
    }
  }

  /** The platform carries a provider when a driver is registered for it. */
  carries(provider: string): boolean {
    return this.providers.has(provider);
  }

  /** The ids of the providers the platform carries (operators' counters exist for each from the start). */
  providerIds(): readonly string[] {
    return [...this.providers.keys()];
  }

  /** The provider's display name; undefined when it gives none or the platform does not carry it. */
  displayName(id: string): string | undefined {
    return this.providers.get(id)?.displayName;
  }

  provider(id: string): PspProvider | undefined {
    return this.providers.get(id);
  }

  driver(provider: string, method: MethodKind): PspDriver | undefined {
    return this.providers.get(provider)?.drivers.find((d) => d.method === method);
  }
}
