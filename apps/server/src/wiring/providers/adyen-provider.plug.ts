import { buildBrowserScript, type BundleFile } from '@splitpay/elements-web/bundler/elements-bundle';
import { findSource } from '@splitpay/elements-web/bundler/find-source';
import { ADYEN_HOSTED_FIELDS_ENTRY, ADYEN_SETTINGS, createAdyenProvider } from '@splitpay/psp-adyen';
import type { ProviderPlug } from './provider-plug';

let adapter: Promise<BundleFile> | undefined;

/** The Adyen Web adapter, built on its first request (the components' bundler, in memory) and kept for the process; a failed build is retried. */
function adyenHostedFieldsScript(): Promise<BundleFile> {
  adapter ??= buildBrowserScript(findSource(__dirname, [ADYEN_HOSTED_FIELDS_ENTRY], 'psp-adyen web sources')).catch((error: unknown) => {
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
    provider: createAdyenProvider({ logger: deps.logger, timeoutMs: config.pspTimeoutMs, publicBaseUrl: deps.publicBaseUrl ?? config.publicBaseUrl, webAnalytics: config.adyenWebAnalytics === true }),
    hostedFieldsAdapter: adyenHostedFieldsScript,
  }),
};
