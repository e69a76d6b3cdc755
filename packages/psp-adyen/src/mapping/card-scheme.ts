import type { CardScheme } from '@splitpay/domain';

/** Adyen's card brand variants (additionalData.paymentMethod, the webhook's paymentMethod) to our schemes. */
const SCHEMES: Readonly<Record<string, CardScheme>> = {
  visa: 'visa',
  mc: 'mastercard',
  amex: 'amex',
  cartebancaire: 'cb',
  maestro: 'maestro',
  diners: 'diners',
  discover: 'discover',
  jcb: 'jcb',
  cup: 'china_union_pay',
};

/** The scheme of a brand variant (`visa`, `mc`, `mc_applepay`...); undefined when unknown. */
export function cardSchemeOf(brand: unknown): CardScheme | undefined {
  if (typeof brand !== 'string') return undefined;
  return SCHEMES[brand] ?? SCHEMES[brand.split('_')[0] ?? ''];
}
