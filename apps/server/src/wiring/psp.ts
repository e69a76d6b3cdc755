import type { Router } from 'express';
import { PspRegistry, type PspProvider } from '@splitpay/domain';
import type { SdkFile } from '@splitpay/http-api';
import { PROVIDER_PLUGS } from './providers/provider-list';
import type { ProviderConfig, ProviderMountDeps, ProviderPlug } from './providers/provider-plug';

export { FAKE_PSP_MOUNT_PATH } from './providers/fake-provider.plug';
export interface PspWiringDeps extends ProviderMountDeps {
  /** Providers carried beside the listed ones (tests: a stub acquirer). */
  readonly extraProviders?: readonly PspProvider[];
}

export interface PspWiring {
  readonly registry: PspRegistry;
  /** Routers of the providers that live in this process (the fake PSP at /fake-psp when FAKE_PSP is on). */
  readonly mounts: readonly { readonly mountPath: string; readonly router: Router }[];
  /** The hosted-fields adapter of each mounted provider that ships one (Adyen), by provider id. */
  readonly hostedFieldsAdapters: ReadonlyMap<string, () => Promise<SdkFile>>;
  /** Stops what the mounted providers run (the fake PSP's pending notifications) on shutdown. */
  close(): void;
}

/** The providers the platform carries: every plug of the list that the configuration leaves on. */
export function createPspRegistry(config: ProviderConfig, deps: PspWiringDeps, plugs: readonly ProviderPlug[] = PROVIDER_PLUGS): PspWiring {
  const mounted = plugs.flatMap((plug) => plug.mount(config, deps) ?? []);
  return {
    registry: new PspRegistry([...(deps.extraProviders ?? []), ...mounted.map((m) => m.provider)]),
    mounts: mounted.flatMap((m) => (m.router ? [m.router] : [])),
    hostedFieldsAdapters: new Map(mounted.flatMap((m) => (m.hostedFieldsAdapter ? [[m.provider.id, m.hostedFieldsAdapter] as const] : []))),
    close: () => {
      for (const m of mounted) m.close?.();
    },
  };
}
