import { ADYEN_SETTINGS, adyenPlugin } from '@splitpay/psp-adyen';
import { adyenHostedFieldsScript } from '../browser-bundles';
import type { ProviderPlug } from './provider-plug';

/**
 * Provider `adyen`, always mounted: its card view loads our Adyen Web adapter from the service's public
 * base URL (GET /psp/adyen/hosted-fields.js), which this plug also hands the server to serve.
 */
export const adyenProviderPlug: ProviderPlug = {
  id: 'adyen',
  settings: ADYEN_SETTINGS,
  mount: (config, deps) => ({
    provider: adyenPlugin({ publicBaseUrl: deps.publicBaseUrl ?? config.publicBaseUrl, webAnalytics: config.adyenWebAnalytics === true, metrics: deps.metrics }).create({ logger: deps.logger, clock: deps.clock, timeoutMs: config.pspTimeoutMs }),
    hostedFieldsAdapter: adyenHostedFieldsScript,
  }),
};
