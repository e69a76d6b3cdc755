import { randomBytes } from 'node:crypto';
import { createFakeProvider, createFakePsp, FAKE_SETTINGS, type UrlSource } from '@splitpay/psp-fake';
import type { ProviderPlug } from './provider-plug';

/** Where the fake PSP is mounted on the service. */
export const FAKE_PSP_MOUNT_PATH = '/fake-psp';

const mountUnder =
  (base: UrlSource): UrlSource =>
  () =>
    `${(typeof base === 'string' ? base : base()).replace(/\/+$/, '')}${FAKE_PSP_MOUNT_PATH}`;

/**
 * The fake provider, mounted when FAKE_PSP is on. It lives in this process (its state is in memory),
 * so its secrets are minted here and shared by its router and its drivers.
 */
export const fakeProviderPlug: ProviderPlug = {
  id: 'fake',
  settings: FAKE_SETTINGS,
  mount(config, deps) {
    if (!config.fakePsp) return undefined;
    const publicFakeUrl = mountUnder(deps.publicBaseUrl ?? config.publicBaseUrl);
    const secrets = deps.fakePspSecrets ?? {
      apiKey: config.fakePspApiKey ?? randomBytes(24).toString('base64url'),
      signingSecret: config.fakePspSigningSecret ?? randomBytes(32).toString('base64url'),
    };
    // Instances sharing one fake PSP (FAKE_PSP_URL) reach it there; each still mounts its own router.
    const driverUrl: UrlSource = config.fakePspUrl ?? (deps.ownUrl ? mountUnder(deps.ownUrl) : publicFakeUrl);
    const fakePsp = createFakePsp({
      publicUrl: publicFakeUrl,
      apiKey: secrets.apiKey,
      signingSecret: secrets.signingSecret,
      delayMs: config.fakePspDelayMs,
      logger: deps.logger,
      clock: deps.clock,
      ...(deps.fakePspRetryDelaysMs ? { retryDelaysMs: deps.fakePspRetryDelaysMs } : {}),
    });
    return {
      provider: createFakeProvider({ baseUrl: driverUrl, apiKey: secrets.apiKey, signingSecret: secrets.signingSecret, timeoutMs: config.pspTimeoutMs }),
      router: { mountPath: FAKE_PSP_MOUNT_PATH, router: fakePsp.router },
      close: () => fakePsp.close(),
    };
  },
};
