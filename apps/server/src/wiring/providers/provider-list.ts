import type { ContractSettingSpec } from '@splitpay/domain';
import { ADYEN_PLUGIN } from '@splitpay/psp-adyen';
import { ONEY_PLUGIN } from '@splitpay/psp-oney';
import { WORLDLINE_PLUGIN } from '@splitpay/psp-worldline';
import { fakeProviderPlug } from './fake-provider.plug';
import { plugin, type ProviderPlug } from './provider-plug';

/**
 * Every provider the platform carries, each mounted on its own: turning one off (FAKE_PSP=off) leaves
 * the others on. A new provider package is one line here: `plugin(ITS_PLUGIN)`.
 */
export const PROVIDER_PLUGS: readonly ProviderPlug[] = [fakeProviderPlug, plugin(ADYEN_PLUGIN), plugin(ONEY_PLUGIN), plugin(WORLDLINE_PLUGIN)];

/** The contract settings a provider of the list declares; undefined for a provider the list does not hold. */
export function providerSettings(provider: string, plugs: readonly ProviderPlug[] = PROVIDER_PLUGS): readonly ContractSettingSpec[] | undefined {
  return plugs.find((p) => p.id === provider)?.settings;
}
