import { ADYEN_SETTINGS, buildAdyenHostedFieldsScript, createAdyenProvider, type HostedFieldsScript } from '@splitpay/psp-adyen';
import type { ProviderPlug } from './provider-plug';

let adapter: Promise<HostedFieldsScript> | undefined;

/** The Adyen Web adapter, built on its first request (esbuild, in memory) and kept for the process; a failed build is retried. */
function adyenHostedFieldsScript(): Promise<HostedFieldsScript> {
  adapter ??= buildAdyenHostedFieldsScript().catch((error: unknown) => {
    adapter = undefined;
    throw error;
  });
  return adapter;
}

/**
 * Provider `adyen`, always mounted: its card view loads our Adyen Web adapter from the service's public
 * base URL (GET /psp/adyen/hosted-fields.js), which this plug also hands the server to serve.
 */
export const adyenProviderPlug: ProviderPlug = {
  id: 'adyen',
  settings: ADYEN_SETTINGS,
  mount: (config, deps) => ({
    provider: createAdyenProvider({ logger: deps.logger, publicBaseUrl: deps.publicBaseUrl ?? config.publicBaseUrl }),
    hostedFieldsAdapter: adyenHostedFieldsScript,
  }),
};
