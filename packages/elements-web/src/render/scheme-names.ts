import type { CardScheme } from '../types/session-view';

const SCHEME_NAMES: Readonly<Record<CardScheme, string>> = {
  cb: 'CB',
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  china_union_pay: 'UnionPay',
};

/** A card network as payers know it (brand names, not translated). */
export function schemeName(scheme: CardScheme): string {
  return SCHEME_NAMES[scheme] ?? scheme;
}
