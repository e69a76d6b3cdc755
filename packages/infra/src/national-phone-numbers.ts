/**
 * Phone numbers written as dialled at home, without a country code (D158-c): the forms a payer's number
 * is written in by the countries the service's merchants sell in, each starting with the trunk prefix
 * `0` and a digit other than 0 (so a reference starting with 00 is none), or North America's area
 * code, each bounded by what is not a digit.
 */
const NATIONAL_NUMBERS: readonly RegExp[] = [
  // France (and Belgium's, the Netherlands' and Italy's ten digits): 06 12 34 56 78, 06.12.34.56.78, 06-12-34-56-78, 0612345678.
  /(?<!\d)0[1-9]([ .-]?)\d\d(?:\1\d\d){3}(?!\d)/,
  // The United Kingdom's eleven digits: 020 7946 0958, 0121 496 0000, 07700 900123, 07700900123.
  /(?<!\d)0[1-9](?:\d([ .-]?)\d{4}\1\d{4}|\d\d([ .-]?)\d{3}\2\d{4}|\d{3}[ .-]?\d{6})(?!\d)/,
  // Germany's area code apart from the number: 030 1234567, 030/12345678, 0151 23456789.
  /(?<!\d)0[1-9]\d{1,2}[ /-]\d{7,8}(?!\d)/,
  // North America: (415) 555-2671, 415-555-2671, 415.555.2671; not parted by spaces only, as amounts are.
  /(?<!\d)(?:\([2-9]\d\d\) ?[2-9]\d\d[ .-]?|[2-9]\d\d([.-])[2-9]\d\d\1)\d{4}(?!\d)/,
];

/** Whether `text` (folded: ASCII digits, spaces and dashes) writes a national phone number. */
export function writesNationalPhoneNumber(text: string): boolean {
  return NATIONAL_NUMBERS.some((form) => form.test(text));
}
