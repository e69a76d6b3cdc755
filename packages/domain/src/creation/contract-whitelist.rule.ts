import type { Contract } from '../merchant/merchant-account.model';

/** What the order was matched against (paymentMethodFilters). */
export interface OfferFilters {
  readonly country?: string;
  readonly channel?: string;
}

/**
 * Whether a contract serves an order with these filters. A contract restricted to countries or
 * channels serves only orders that name one of them: a whitelist does not contain "unknown".
 * Channels are compared exactly (free text, never normalized).
 */
export function contractServes(contract: Contract, filters: OfferFilters | undefined): boolean {
  if (contract.countries && (filters?.country === undefined || !contract.countries.includes(filters.country))) return false;
  if (contract.channels && (filters?.channel === undefined || !contract.channels.includes(filters.channel))) return false;
  return true;
}
