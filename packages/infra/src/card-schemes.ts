/**
 * The card schemes' issuer prefixes, as a range of first digits, and the lengths each issues: Visa,
 * Mastercard (both series), American Express, Diners Club, Discover, JCB, UnionPay. Maestro and the
 * national schemes are left out: their prefixes cover most first digits and their lengths most lengths,
 * so a number outside the checksum could not be told by them from any id (D152-a).
 */
const ISSUED: readonly { readonly from: string; readonly to: string; readonly lengths: readonly number[] }[] = [
  { from: '4', to: '4', lengths: [13, 16, 19] },
  { from: '51', to: '55', lengths: [16] },
  { from: '2221', to: '2720', lengths: [16] },
  { from: '34', to: '34', lengths: [15] },
  { from: '37', to: '37', lengths: [15] },
  { from: '300', to: '305', lengths: [14] },
  { from: '36', to: '36', lengths: [14] },
  { from: '38', to: '39', lengths: [14] },
  { from: '6011', to: '6011', lengths: [16, 19] },
  { from: '644', to: '649', lengths: [16, 19] },
  { from: '65', to: '65', lengths: [16, 19] },
  { from: '3528', to: '3589', lengths: [16, 19] },
  { from: '62', to: '62', lengths: [16, 17, 18, 19] },
];

/** Whether `digits` start as one of these schemes' cards do and have a length that scheme issues, checksum aside. */
export function issuedLike(digits: string): boolean {
  return ISSUED.some(({ from, to, lengths }) => {
    const prefix = digits.slice(0, from.length);
    return lengths.includes(digits.length) && prefix >= from && prefix <= to;
  });
}
