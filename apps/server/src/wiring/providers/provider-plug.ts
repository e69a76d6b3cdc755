import type { Router } from 'express';
import type { Clock, ContractSettingSpec, Logger, Metrics, PspPlugin, PspProvider } from '@splitpay/domain';
import type { SdkFile } from '@splitpay/http-api';
import type { UrlSource } from '@splitpay/psp-fake';
import type { ServerConfig } from '../../config';

/** The configuration a provider may read when it is mounted. */
export type ProviderConfig = Pick<ServerConfig, 'publicBaseUrl' | 'pspTimeoutMs' | 'fakePsp' | 'fakePspDelayMs' | 'fakePspUrl' | 'fakePspPublicUrl' | 'fakePspMount' | 'fakePspApiKey' | 'fakePspSigningSecret' | 'adyenWebAnalytics'>;

export interface ProviderMountDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** The instance's counters (/metrics): a provider that counts what it drops (Adyen's unreadable amounts, D122) is given them. */
  readonly metrics: Metrics;
  /** The service's public base URL, when known only once it listens (tests on port 0); default `config.publicBaseUrl`. */
  readonly publicBaseUrl?: UrlSource;
  /**
   * Where this process itself listens (loopback and its port), known once it listens: the fake drivers'
   * default way to their own fake PSP, which a load balancer in front of several instances would send
   * to another instance's. Default the public base URL (one instance, nothing in front).
   */
  readonly ownUrl?: UrlSource;
  /** Fixed fake PSP secrets (tests); default fresh random ones per process. */
  readonly fakePspSecrets?: { readonly apiKey: string; readonly signingSecret: string };
  /** Redelivery delays of the fake PSP's notifications; default 1 s, 5 s, 30 s. */
  readonly fakePspRetryDelaysMs?: readonly number[];
}

/** A provider as mounted: for one that lives in this process (the fake PSP), also its router. */
export interface MountedProvider {
  readonly provider: PspProvider;
  readonly router?: { readonly mountPath: string; readonly router: Router };
  /** For a provider whose cards are acquirer-hosted: its hosted-fields adapter, served at /psp/{id}/hosted-fields.js. */
  readonly hostedFieldsAdapter?: () => Promise<SdkFile>;
  close?(): void;
}

/** One entry of the server's provider list. */
export interface ProviderPlug {
  readonly id: string;
  /** The contract settings the provider reads: checked in the merchants file, the secret ones sealed. */
  readonly settings: readonly ContractSettingSpec[];
  /** The mounted provider, or undefined when the configuration turns it off. */
  mount(config: ProviderConfig, deps: ProviderMountDeps): MountedProvider | undefined;
}

/** A provider package's plugin: always mounted; its per-merchant configuration is in the contracts. */
export function plugin(psp: PspPlugin): ProviderPlug {
  return { id: psp.id, settings: psp.settings, mount: (config, deps) => ({ provider: psp.create({ logger: deps.logger, clock: deps.clock, timeoutMs: config.pspTimeoutMs }) }) };
}
