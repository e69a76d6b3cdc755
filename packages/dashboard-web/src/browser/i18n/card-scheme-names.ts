/**
 * Card networks by their brand names, the same in every language of the dashboard and as the payer's
 * page names them (packages/elements-web/src/render/scheme-names.ts): a merchant reads "CB" where the
 * payer chose "CB".
 */
export const CARD_SCHEME_NAMES: Readonly<Record<string, string>> = {
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
