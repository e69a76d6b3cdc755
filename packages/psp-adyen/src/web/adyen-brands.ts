/**
 * Our card networks (the domain's CardScheme values, as plain strings: browser code imports no other
 * package) to the brand names Adyen Web's card component takes in `brands`, those Adyen reports a
 * verdict's network under (mapping/card-scheme.ts reads them back; a test holds the two together).
 */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'visa',
  mastercard: 'mc',
  amex: 'amex',
  cb: 'cartebancaire',
  maestro: 'maestro',
  diners: 'diners',
  discover: 'discover',
  jcb: 'jcb',
  china_union_pay: 'cup',
};

/** The Adyen brands of `schemes`, in their order; a network without an Adyen brand name is left out. */
export function adyenBrandsOf(schemes: readonly string[]): string[] {
  return schemes.flatMap((scheme) => (BRANDS[scheme] ? [BRANDS[scheme]] : []));
}
