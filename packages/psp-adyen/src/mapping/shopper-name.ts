import type { DriverOrder } from '@splitpay/domain';

/** Adyen's ShopperName: both names required. */
export interface AdyenShopperName {
  readonly firstName: string;
  readonly lastName: string;
}

interface Named {
  readonly firstName?: string;
  readonly lastName?: string;
}

/**
 * The shopper's name: the customer's first and last name, else the billing address's. A pair is taken
 * whole, never half of one with half of the other; undefined when neither gives both.
 */
export function shopperNameOf(order: Pick<DriverOrder, 'customer' | 'billing'>): AdyenShopperName | undefined {
  return bothNames(order.customer) ?? bothNames(order.billing);
}

function bothNames(named: Named | undefined): AdyenShopperName | undefined {
  const firstName = named?.firstName?.trim();
  const lastName = named?.lastName?.trim();
  return firstName && lastName ? { firstName, lastName } : undefined;
}
