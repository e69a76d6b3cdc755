import type { OpenInput } from '@splitpay/domain';
import type { OneySettings } from '../settings/oney.settings';
import { addressLines } from './address-lines';
import { toMajor } from './amounts';
import { itemLabel } from './item-label';
import { categoryCode, deliveryCodes } from './oney-codes';
import { oneyCountryOf, oneyPhoneOf } from './overseas-france';
import { failUrlOf } from './return-url';

type Address = NonNullable<OpenInput['order']['billing']>;
type CartItem = NonNullable<OpenInput['order']['cartItems']>[number];

/** ISO alpha-3 of the countries Oney serves (its addresses take alpha-3); others pass as given. */
const ALPHA3: Readonly<Record<string, string>> = { FR: 'FRA', BE: 'BEL', IT: 'ITA', ES: 'ESP', PT: 'PRT', RO: 'ROU', LU: 'LUX', MC: 'MCO', DE: 'DEU', NL: 'NLD', CH: 'CHE', GB: 'GBR' };
const LANGUAGE: Readonly<Record<string, string>> = { FR: 'FR', BE: 'FR', IT: 'IT', SP: 'ES', PT: 'PT', RO: 'RO' };
const HONORIFIC = { mr: 1, mrs: 2, miss: 3 } as const;
/** Delivery options (docs/decisions.md, Oney): 1 express, 2 standard. */
const DELIVERY_OPTION = { express: 1, standard: 2 } as const;

function oneyAddress(address: Address | undefined): Record<string, unknown> {
  const country = address?.country ? oneyCountryOf(String(address.country)) : undefined;
  return {
    ...addressLines(address?.address),
    ...(address?.postalCode ? { postal_code: address.postalCode } : {}),
    ...(address?.city ? { municipality: address.city } : {}),
    ...(country ? { country_code: ALPHA3[country] ?? country } : {}),
  };
}

/** The dearest line: Oney wants exactly one main item. */
function mainIndex(lines: readonly CartItem[]): number {
  return lines.reduce((best, line, i) => (line.amount.amount > (lines[best]?.amount.amount ?? -1) ? i : best), 0);
}

/** Each line's unit price is a whole number of cents and the lines add up to the purchase amount. */
function addsUpTo(lines: readonly CartItem[], amount: number): boolean {
  return lines.every((line) => line.quantity > 0 && line.amount.amount % line.quantity === 0) && lines.reduce((sum, line) => sum + line.amount.amount, 0) === amount;
}

/** The label of a line for the order (or a part of it): the order, and its main item when it has a label. */
function orderLabel(input: OpenInput, part: boolean, main?: CartItem): string {
  const mainLabel = main ? itemLabel(main.label) : undefined;
  return `${part ? 'Part of order' : 'Order'} ${itemLabel(input.order.orderId) ?? ''}${mainLabel ? `: ${mainLabel}` : ''}`;
}

/**
 * The cart Oney studies always adds up to the purchase amount: the order's own lines when they do
 * (the tranche is the whole order), else one line for the amount financed (a tranche of a split
 * order, or lines whose unit price would need rounding), named after the order and its main item.
 */
function items(input: OpenInput): Record<string, unknown>[] {
  const cart = input.order.cartItems ?? [];
  if (cart.length > 0 && addsUpTo(cart, input.amount.amount)) {
    const main = mainIndex(cart);
    return cart.map((line, i) => ({
      is_main_item: i === main ? 1 : 0,
      category_code: categoryCode(line.detail?.category),
      label: itemLabel(line.label) ?? orderLabel(input, false),
      item_external_code: line.detail?.itemId ?? `line-${i + 1}`,
      quantity: line.quantity,
      price: toMajor({ amount: line.amount.amount / line.quantity, currency: line.amount.currency }),
    }));
  }
  const main = cart[mainIndex(cart)];
  const part = cart.reduce((sum, line) => sum + line.amount.amount, 0) > input.amount.amount;
  return [
    {
      is_main_item: 1,
      category_code: categoryCode(main?.detail?.category),
      label: orderLabel(input, part, main),
      item_external_code: main?.detail?.itemId ?? input.order.orderId,
      quantity: 1,
      price: toMajor(input.amount),
    },
  ];
}

function delivery(input: OpenInput): Record<string, unknown> {
  const { shipping, billing, customer, cartItems } = input.order;
  const planned = cartItems?.find((line) => line.detail)?.detail?.delivery;
  const speed = planned?.speed ?? 'standard';
  const codes = deliveryCodes(planned?.type, shipping !== undefined);
  const recipient = planned?.type === 'billingaddress' ? (billing ?? shipping) : (shipping ?? billing);
  const expected = cartItems?.map((line) => line.detail?.delivery.expectedDate).filter((d): d is string => !!d).sort().pop();
  return {
    ...(expected ? { delivery_date: expected } : {}),
    delivery_mode_code: codes.mode,
    delivery_option: DELIVERY_OPTION[speed],
    address_type: codes.addressType,
    recipient: {
      ...(recipient?.title ? { recipient_honorific_code: HONORIFIC[recipient.title] } : {}),
      ...(recipient?.lastName ?? customer?.lastName ? { surname: recipient?.lastName ?? customer?.lastName } : {}),
      ...(recipient?.firstName ?? customer?.firstName ? { first_name: recipient?.firstName ?? customer?.firstName } : {}),
      ...(recipient?.mobilePhone ?? recipient?.phone ? { phone_number: oneyPhoneOf(recipient?.mobilePhone ?? recipient?.phone) } : {}),
    },
    delivery_address: oneyAddress(recipient),
  };
}

function customer(input: OpenInput, language: string): Record<string, unknown> {
  const { customer: who, billing } = input.order;
  return {
    customer_external_code: who?.ident ?? who?.email ?? input.order.orderId,
    language_code: language,
    identity: {
      person_type: 2,
      ...(billing?.title ? { honorific_code: HONORIFIC[billing.title] } : {}),
      ...(who?.lastName ?? billing?.lastName ? { birth_name: who?.lastName ?? billing?.lastName } : {}),
      ...(who?.firstName ?? billing?.firstName ? { first_name: who?.firstName ?? billing?.firstName } : {}),
    },
    contact_details: {
      ...(billing?.mobilePhone ? { mobile_phone_number: oneyPhoneOf(billing.mobilePhone) } : {}),
      ...(billing?.phone ? { landline_number: oneyPhoneOf(billing.phone) } : {}),
      ...(who?.email ? { email_address: who.email } : {}),
    },
    customer_address: oneyAddress(billing),
  };
}

/**
 * The body of `purchase/facilypay_url` for an opening: our transaction id is the purchase's external
 * reference (Oney echoes it in its notifications and names the purchase by it in every later path)
 * and the request id; the payer comes back to our return door, marked on the fail_url (the payer left
 * Oney's pages without a purchase); the notification URL
 * carries the reference too, so an encrypted notification can be matched to its contract's key.
 */
export function purchaseRequest(settings: OneySettings, input: OpenInput, productCode: string): Record<string, unknown> {
  const language = LANGUAGE[settings.countryCode] ?? 'FR';
  const lines = items(input);
  const separator = input.notificationUrl.includes('?') ? '&' : '?';
  return {
    merchant_guid: settings.merchantGuid,
    psp_guid: settings.pspGuid,
    merchant_request_id: input.transactionId,
    language_code: language,
    merchant_language_code: language,
    merchant_context: input.reference,
    payment: {
      payment_amount: toMajor(input.amount),
      currency_code: input.amount.currency,
      payment_type: 0,
      business_transaction: { code: productCode },
    },
    purchase: {
      external_reference_type: 'CMDE',
      external_reference: input.transactionId,
      purchase_amount: toMajor(input.amount),
      currency_code: input.amount.currency,
      number_of_items: lines.reduce((n, line) => n + (line.quantity as number), 0),
      delivery: delivery(input),
      item_list: lines,
    },
    customer: customer(input, language),
    navigation: {
      success_url: input.returnUrl,
      fail_url: failUrlOf(input.returnUrl),
      server_response_url: `${input.notificationUrl}${separator}reference=${encodeURIComponent(input.transactionId)}`,
    },
  };
}
