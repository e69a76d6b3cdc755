import type { DriverOrder } from '@splitpay/domain';

type OrderAddress = NonNullable<DriverOrder['billing']>;

/** Adyen's telephoneNumber: a plus sign, a country code (1-3 digits), then the number (4-15 digits). */
const ADYEN_PHONE = /^\+\d{5,18}$/;
/** Separators people write in a number, none of which Adyen takes. */
const SEPARATORS = /[\s.\-/()]/g;

/**
 * The billing phone as Adyen's telephoneNumber: the mobile, else the landline, whichever reads as an
 * international number once its separators are dropped ("00" read as "+", a "(0)" trunk prefix
 * left out). Adyen does not pass on a number of another form, so none is sent then.
 */
export function telephoneNumberOf(billing: OrderAddress | undefined): string | undefined {
  return international(billing?.mobilePhone) ?? international(billing?.phone);
}

function international(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace('(0)', '').replace(SEPARATORS, '').replace(/^00/, '+');
  return ADYEN_PHONE.test(digits) ? digits : undefined;
}
