import { cutText, type OpenInput, type PayerDevice } from '@splitpay/domain';

type Order = OpenInput['order'];
type Address = NonNullable<Order['billing']>;

// Worldline's maximum lengths for order.customer and order.shipping as D49 took them (no Worldline
// source gives them, docs/decisions.md D54); phones as Worldline's own PrestaShop module sends them
// (digits and +, 15 at most).
const MAX = { customerId: 15, firstName: 15, surname: 70, email: 70, phone: 15, street: 50, zip: 10, city: 40, company: 40 } as const;
const TITLE = { mr: 'Mr', mrs: 'Mrs', miss: 'Miss' } as const;

const cut = (value: string | undefined, max: number): string | undefined => {
  const clean = value === undefined ? undefined : cutText(value.trim(), max);
  return clean ? clean : undefined;
};
/** An identifier, an email or a phone cut would name someone else: left out when too long. */
const whole = (value: string | undefined, max: number): string | undefined => (value && value.length <= max ? value : undefined);
/** Worldline's phone numbers hold digits and `+`: our international numbers without their separators. */
const phone = (value: string | undefined): string | undefined => whole(value?.replace(/[^0-9+]/g, ''), MAX.phone);

function defined<T extends Record<string, unknown>>(fields: T): Partial<T> | undefined {
  const kept = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function personalName(title: Address['title'], firstName: string | undefined, lastName: string | undefined) {
  return defined({ title: title ? TITLE[title] : undefined, firstName: cut(firstName, MAX.firstName), surname: cut(lastName, MAX.surname) });
}

function postalAddress(address: Address | undefined) {
  return defined({ street: cut(address?.address, MAX.street), zip: cut(address?.postalCode, MAX.zip), city: cut(address?.city, MAX.city), countryCode: address?.country ? String(address.country) : undefined });
}

/**
 * `order.customer`: the merchant's customer id, name, contact details and billing address, and the
 * device of the payer whose request opens the payment (its IP, for Worldline's fraud checks).
 */
export function customerOf(order: Order, payerDevice?: PayerDevice) {
  const { customer, billing } = order;
  const name = personalName(billing?.title, customer?.firstName ?? billing?.firstName, customer?.lastName ?? billing?.lastName);
  return defined({
    merchantCustomerId: whole(customer?.ident, MAX.customerId),
    personalInformation: name ? { name } : undefined,
    companyInformation: cut(billing?.companyName, MAX.company) ? { name: cut(billing?.companyName, MAX.company)! } : undefined,
    contactDetails: defined({ emailAddress: whole(customer?.email, MAX.email), phoneNumber: phone(billing?.phone), mobilePhoneNumber: phone(billing?.mobilePhone) }),
    billingAddress: postalAddress(billing),
    device: payerDevice?.ip ? { ipAddress: payerDevice.ip } : undefined,
  });
}

/** `order.shipping`: where the goods go, to whom. */
export function shippingOf(order: Order) {
  const { shipping } = order;
  if (!shipping) return undefined;
  const address = defined({ name: personalName(shipping.title, shipping.firstName, shipping.lastName), companyName: cut(shipping.companyName, MAX.company), ...postalAddress(shipping) });
  return address ? { address } : undefined;
}
