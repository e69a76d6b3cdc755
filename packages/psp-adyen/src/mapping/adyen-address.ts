import { cutText, type DriverOrder } from '@splitpay/domain';

type OrderAddress = NonNullable<DriverOrder['billing']>;

/** Adyen's Address (billingAddress, and deliveryAddress without the names): all five parts required. */
export interface AdyenAddress {
  readonly street: string;
  readonly houseNumberOrName: string;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
}

/** Adyen's DeliveryAddress: the Address, and the recipient's names when the order gives them. */
export interface AdyenDeliveryAddress extends AdyenAddress {
  readonly firstName?: string;
  readonly lastName?: string;
}

/** What Adyen's own checkout sends for an address part it did not collect. */
export const NOT_GIVEN = 'N/A';
/** Adyen's limit on street, houseNumberOrName and city. */
const MAX_TEXT = 3000;
/** Adyen's limit on a postal code outside the US. */
const MAX_POSTAL_CODE = 10;
/** Adyen requires stateOrProvince there, which the order's address does not have. */
const STATE_REQUIRED = new Set(['US', 'CA']);

/**
 * An order address as Adyen's Address. The order has one street line and no house number: the whole
 * line goes in `street` and `houseNumberOrName` is "N/A", as Adyen's checkout does when its form asks
 * for the address in one line (guessing the number out of the line would be wrong in some countries).
 * A missing street, city or postal code is "N/A", a missing country "ZZ" (Adyen's "unknown").
 * Undefined when the address gives no place at all, or Adyen would refuse it (a US or Canadian address
 * without its state, a postal code over ten characters): the payment goes without it.
 */
export function adyenAddressOf(address: OrderAddress | undefined): AdyenAddress | undefined {
  if (!address) return undefined;
  const street = given(address.address);
  const postalCode = given(address.postalCode);
  const city = given(address.city);
  const country = given(address.country);
  if (!street && !postalCode && !city && !country) return undefined;
  if (country && STATE_REQUIRED.has(country)) return undefined;
  if (postalCode && postalCode.length > MAX_POSTAL_CODE) return undefined;
  return {
    street: street ? cutText(street, MAX_TEXT) : NOT_GIVEN,
    houseNumberOrName: NOT_GIVEN,
    postalCode: postalCode ?? NOT_GIVEN,
    city: city ? cutText(city, MAX_TEXT) : NOT_GIVEN,
    country: country ?? 'ZZ',
  };
}

/** The shipping address as Adyen's DeliveryAddress: the Address above, with the recipient's names. */
export function adyenDeliveryAddressOf(shipping: OrderAddress | undefined): AdyenDeliveryAddress | undefined {
  const address = adyenAddressOf(shipping);
  if (!address || !shipping) return undefined;
  const firstName = given(shipping.firstName);
  const lastName = given(shipping.lastName);
  return { ...address, ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) };
}

function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
