import { cutText, type OpenInput } from '@splitpay/domain';
import { POSTAL_CODE_REQUIRED } from './postal-code-countries';

type Order = OpenInput['order'];
type Address = NonNullable<Order['billing']>;

// PayPal's maximum lengths (Orders v2: name, shipping_name, address_portable).
const NAME_MAX = 140;
const FULL_NAME_MAX = 300;
const ADDRESS_LINE_MAX = 300;
const CITY_MAX = 120;
const POSTAL_CODE_MAX = 60;
const EMAIL_MAX = 254;

/** PayPal's email pattern: an unquoted @ followed by a domain. */
const EMAIL = /^.+@[^"\-].+$/;
/**
 * Countries whose addresses PayPal takes only with a state or province (`admin_area_1`), which our
 * addresses do not carry: PayPal would refuse the order rather than the address. No PayPal source
 * lists them (docs/decisions.md D54): kept as D49 set them.
 */
const STATE_REQUIRED = new Set(['AR', 'AU', 'BR', 'CA', 'CN', 'ID', 'IN', 'JP', 'MX', 'US']);

const cut = (value: string | undefined, max: number): string | undefined => {
  const clean = value === undefined ? undefined : cutText(value.trim(), max);
  return clean ? clean : undefined;
};

/**
 * Our address as PayPal's portable address; undefined when PayPal could not take it: no street, city
 * or country, a country whose addresses need a state, or one whose addresses need a postal code
 * when the address has none.
 */
export function paypalAddress(address: Address | undefined) {
  const country = address?.country ? String(address.country) : undefined;
  const line1 = cut(address?.address, ADDRESS_LINE_MAX);
  const city = cut(address?.city, CITY_MAX);
  if (!country || STATE_REQUIRED.has(country) || !line1 || !city) return undefined;
  const postalCode = cut(address?.postalCode, POSTAL_CODE_MAX);
  if (!postalCode && POSTAL_CODE_REQUIRED.has(country)) return undefined;
  return { address_line_1: line1, admin_area_2: city, ...(postalCode ? { postal_code: postalCode } : {}), country_code: country };
}

/**
 * What PayPal prefills on its login and sign-up pages (`payment_source.paypal`): the customer's email
 * and name, the billing address. Phones are not sent: PayPal wants the national number apart from the
 * country calling code, which our international numbers do not separate.
 */
export function payerOf(order: Order) {
  const given = order.customer?.email?.trim();
  const email = given && given.length <= EMAIL_MAX && EMAIL.test(given) ? given : undefined;
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
