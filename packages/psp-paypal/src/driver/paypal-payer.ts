import type { OpenInput } from '@splitpay/domain';

type Order = OpenInput['order'];
type Address = NonNullable<Order['billing']>;

// PayPal's maximum lengths (Orders v2: name, shipping_name, address_portable).
const NAME_MAX = 140;
const FULL_NAME_MAX = 300;
const ADDRESS_LINE_MAX = 300;
const CITY_MAX = 120;
const POSTAL_CODE_MAX = 60;
const EMAIL_MAX = 254;

const cut = (value: string | undefined, max: number): string | undefined => {
  const clean = value?.trim().slice(0, max);
  return clean ? clean : undefined;
};

/** Our address as PayPal's portable address; undefined without a country, the one field PayPal requires. */
export function paypalAddress(address: Address | undefined) {
  if (!address?.country) return undefined;
  const line1 = cut(address.address, ADDRESS_LINE_MAX);
  const city = cut(address.city, CITY_MAX);
  const postalCode = cut(address.postalCode, POSTAL_CODE_MAX);
  return {
    ...(line1 ? { address_line_1: line1 } : {}),
    ...(city ? { admin_area_2: city } : {}),
    ...(postalCode ? { postal_code: postalCode } : {}),
    country_code: String(address.country),
  };
}

/**
 * What PayPal prefills on its login and sign-up pages (`payment_source.paypal`): the customer's email
 * and name, the billing address. Phones are not sent: PayPal wants the national number apart from the
 * country calling code, which our international numbers do not separate.
 */
export function payerOf(order: Order) {
  const email = cut(order.customer?.email, EMAIL_MAX);
  const givenName = cut(order.customer?.firstName ?? order.billing?.firstName, NAME_MAX);
  const surname = cut(order.customer?.lastName ?? order.billing?.lastName, NAME_MAX);
  const address = paypalAddress(order.billing);
  return {
    ...(email ? { email_address: email } : {}),
    ...(givenName || surname ? { name: { ...(givenName ? { given_name: givenName } : {}), ...(surname ? { surname } : {}) } } : {}),
    ...(address ? { address } : {}),
  };
}

/** The purchase unit's `shipping`: where the goods go and to whom; undefined when PayPal could not take the address. */
export function shippingOf(order: Order) {
  const address = paypalAddress(order.shipping);
  if (!address) return undefined;
  const recipient = [order.shipping?.firstName, order.shipping?.lastName].filter(Boolean).join(' ') || order.shipping?.companyName;
  const fullName = cut(recipient, FULL_NAME_MAX);
  return { ...(fullName ? { name: { full_name: fullName } } : {}), address };
}
