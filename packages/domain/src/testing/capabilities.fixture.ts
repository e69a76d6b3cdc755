import type { PspCatalog } from '../creation/provider.rule';
import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities, type MethodKind } from '../method/method';

/**
 * Driver capabilities for tests of every layer. Derive a variant by spreading one of these and
 * overriding only what the test is about.
 */

/** A hold: authorization then capture, void, refund (partial too), status lookup, 3-D Secure; no partial grant, no alias. */
export const HOLD_CAPS: DriverCapabilities = { ...PLAIN_HOLD_CAPABILITIES, threeDSecure: true };

/** The fake provider's card driver (psp-fake's FAKE_CAPABILITIES.card; its tests check they agree): partial grants, alias registration, the fake card form. */
export const CARD_CAPS: DriverCapabilities = { ...HOLD_CAPS, partialAuthorization: true, aliasRegistration: true, cardIntegration: 'fake' };

/** A redirect wallet hold. */
export const WALLET_CAPS: DriverCapabilities = { ...CARD_CAPS, aliasRegistration: false, threeDSecure: false, partialAuthorization: false, redirect: true, cardIntegration: undefined };

/** Financing: a redirect to a lender who studies the file. */
export const FINANCING_CAPS: DriverCapabilities = { ...WALLET_CAPS, financing: true };

/** A catalog carrying `drivers`: provider -> method -> capabilities. */
export function catalog(drivers: Record<string, Partial<Record<MethodKind, DriverCapabilities>>>): PspCatalog {
  return {
    carries: (provider) => provider in drivers,
    driver: (provider, method) => {
      const capabilities = drivers[provider]?.[method];
      return capabilities ? { capabilities } : undefined;
    },
  };
}
