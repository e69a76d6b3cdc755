import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { PspRegistry, type Clock, type Logger, type PspProvider } from '@splitpay/domain';
import { createFakeProvider, createFakePsp, type UrlSource } from '@splitpay/psp-fake';
import type { ServerConfig } from '../config';

/** Where the fake PSP is mounted on the service. */
export const FAKE_PSP_MOUNT_PATH = '/fake-psp';

export interface PspWiringDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /**
   * The service's public base URL, when known only once it listens (tests on port 0); default
   * `config.publicBaseUrl`.
   */
  readonly publicBaseUrl?: UrlSource;
  /** Fixed fake PSP secrets (tests); default fresh random ones per process. */
  readonly fakePspSecrets?: { readonly apiKey: string; readonly signingSecret: string };
  /** Redelivery delays of the fake PSP's notifications; default 1 s, 5 s, 30 s. */
  readonly fakePspRetryDelaysMs?: readonly number[];
  /** Providers carried beside the configured ones (tests: a stub acquirer). */
  readonly extraProviders?: readonly PspProvider[];
}

export interface PspWiring {
  readonly registry: PspRegistry;
  /** Present when FAKE_PSP is on: mount `router` at `mountPath`; `close()` on shutdown. */
  readonly fakePsp?: { readonly mountPath: string; readonly router: Router; close(): void };
}

/**
 * The providers the platform carries. Only the fake one exists so far; it lives in this process (its
 * state is in memory), so its secrets are minted here and shared by its router and its drivers.
 */
export function createPspRegistry(
  config: Pick<ServerConfig, 'publicBaseUrl' | 'fakePsp' | 'fakePspDelayMs' | 'fakePspUrl' | 'fakePspApiKey' | 'fakePspSigningSecret'>,
  deps: PspWiringDeps,
): PspWiring {
  const providers: PspProvider[] = [...(deps.extraProviders ?? [])];
  if (!config.fakePsp) return { registry: new PspRegistry(providers) };

  const base = deps.publicBaseUrl ?? config.publicBaseUrl;
  const fakeUrl: UrlSource = () => `${(typeof base === 'string' ? base : base()).replace(/\/+$/, '')}${FAKE_PSP_MOUNT_PATH}`;
  const secrets = deps.fakePspSecrets ?? {
    apiKey: config.fakePspApiKey ?? randomBytes(24).toString('base64url'),
    signingSecret: config.fakePspSigningSecret ?? randomBytes(32).toString('base64url'),
  };
  // Instances sharing one fake PSP (FAKE_PSP_URL) reach it there; each still mounts its own router.
  const driverUrl: UrlSource = config.fakePspUrl ?? fakeUrl;
  const fakePsp = createFakePsp({
    publicUrl: fakeUrl,
    apiKey: secrets.apiKey,
    signingSecret: secrets.signingSecret,
    delayMs: config.fakePspDelayMs,
    logger: deps.logger,
    clock: deps.clock,
    ...(deps.fakePspRetryDelaysMs ? { retryDelaysMs: deps.fakePspRetryDelaysMs } : {}),
  });
  providers.push(createFakeProvider({ baseUrl: driverUrl, apiKey: secrets.apiKey, signingSecret: secrets.signingSecret }));
  return {
    registry: new PspRegistry(providers),
    fakePsp: { mountPath: FAKE_PSP_MOUNT_PATH, router: fakePsp.router, close: () => fakePsp.close() },
  };
}
