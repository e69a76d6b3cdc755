import type { ContractSettingSpec } from '@splitpay/domain';
import { ONEY_PLUGIN } from '@splitpay/psp-oney';
import { WORLDLINE_PLUGIN } from '@splitpay/psp-worldline';
import { PAYPAL_PLUGIN } from '@splitpay/psp-paypal';
import { adyenProviderPlug } from './adyen-provider.plug';
import { fakeProviderPlug } from './fake-provider.plug';
import { plugin, type ProviderPlug } from './provider-plug';

/**
 * Every provider the platform carries, each mounted on its own: turning one off (FAKE_PSP=off) leaves
 * the others on. A new provider package is one line here: `plugin(ITS_PLUGIN)`; one that needs the
 * service's configuration (the fake PSP in this process, Adyen's adapter served by the service) has a
 * plug of its own beside this file.
 */
export const PROVIDER_PLUGS: readonly ProviderPlug[] = [fakeProviderPlug, adyenProviderPlug, plugin(ONEY_PLUGIN), plugin(PAYPAL_PLUGIN), plugin(WORLDLINE_PLUGIN)];

/** The contract settings a provider of the list declares; undefined for a provider the list does not hold. */
export function providerSettings(provider: string, plugs: readonly ProviderPlug[] = PROVIDER_PLUGS): readonly ContractSettingSpec[] | undefined {
  return plugs.find((p) => p.id === provider)?.settings;
}
