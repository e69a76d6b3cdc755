import { randomBytes } from 'node:crypto';
import { createFakePsp, FAKE_SETTINGS, fakePlugin, type UrlSource } from '@splitpay/psp-fake';
import type { ProviderPlug } from './provider-plug';

/** Where the fake PSP is mounted on the service. */
export const FAKE_PSP_MOUNT_PATH = '/fake-psp';

const mountUnder =
  (base: UrlSource): UrlSource =>
  () =>
    `${(typeof base === 'string' ? base : base()).replace(/\/+$/, '')}${FAKE_PSP_MOUNT_PATH}`;

/**
 * The fake provider, on when FAKE_PSP is. Its PSP keeps its state in the memory of the process that
 * serves it: this one (FAKE_PSP_MOUNT, the default without FAKE_PSP_URL), or another one that several
 * instances share (FAKE_PSP_URL, with its key and secret). Its secrets are minted here when not given.
 */
export const fakeProviderPlug: ProviderPlug = {
  id: 'fake',
  settings: FAKE_SETTINGS,
  mount(config, deps) {
    if (!config.fakePsp) return undefined;
    const secrets = deps.fakePspSecrets ?? {
      apiKey: config.fakePspApiKey ?? randomBytes(24).toString('base64url'),
      signingSecret: config.fakePspSigningSecret ?? randomBytes(32).toString('base64url'),
    };
    // Its own fake PSP is called at this process's own address: a load balancer behind PUBLIC_BASE_URL
    // would hand the call to another instance, whose fake PSP knows neither the key nor the payment.
    const driverUrl: UrlSource = config.fakePspUrl ?? mountUnder(deps.ownUrl ?? deps.publicBaseUrl ?? config.publicBaseUrl);
    const provider = fakePlugin({ baseUrl: driverUrl, apiKey: secrets.apiKey, signingSecret: secrets.signingSecret }).create({ logger: deps.logger, clock: deps.clock, timeoutMs: config.pspTimeoutMs });
    if (config.fakePspMount === false) return { provider };
    const fakePsp = createFakePsp({
      // Where payers' browsers open its pages and post chargebacks.
      publicUrl: config.fakePspPublicUrl ?? config.fakePspUrl ?? mountUnder(deps.publicBaseUrl ?? config.publicBaseUrl),
      apiKey: secrets.apiKey,
      signingSecret: secrets.signingSecret,
      delayMs: config.fakePspDelayMs,
      logger: deps.logger,
      clock: deps.clock,
      ...(deps.fakePspRetryDelaysMs ? { retryDelaysMs: deps.fakePspRetryDelaysMs } : {}),
    });
    return {
      provider,
      router: { mountPath: FAKE_PSP_MOUNT_PATH, router: fakePsp.router },
      close: () => fakePsp.close(),
    };
  },
};
