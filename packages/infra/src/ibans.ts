import { foldedText } from './folded-text';
import type { TextSpan } from './text-spans';

/**
 * How long each country's IBANs are (ISO 13616's registry): with the checksum, what tells an account
 * number from an id that happens to start with two letters and two digits (D158-b).
 */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/**
 * A country code and check digits, then the account as written: unbroken (the electronic form) or in
 * groups of up to four apart by one space or dash (the printed form), in either case. The printed form's last
 * group may run into a short word after it (`… 0130 00 on`): only as many characters as the country's
 * IBANs hold are checked.
 */
const CANDIDATE = /\b[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{1,4}){3,8}|(?:-[A-Z0-9]{1,4}){3,8})\b/gi;

/** ISO 7064 MOD 97-10, as IBANs are checked: the first four characters moved to the end, letters as 10 to 35. */
function passesMod97(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = parseInt(char, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}


/** The end, in `written`, of its `count`-th character that is not a separator. */
function endOfCharacters(written: string, count: number): number {
  let seen = 0;
  for (let i = 0; i < written.length; i++) {
    if (written[i] !== ' ' && written[i] !== '-') seen++;
    if (seen === count) return i + 1;
  }
  return written.length;
}

/**
 * Where IBANs are written in `text`: a known country code, the length of that country's IBANs and the
 * checksum, in the electronic or the printed form, in any case, in full-width or other script's
 * digits too (the folded text, D158-a). Spans are where they stand in `text`.
 */
export function ibanSpans(text: string): TextSpan[] {
  const folded = foldedText(text);
  const found: TextSpan[] = [];
  for (const match of folded.text.matchAll(CANDIDATE)) {
    const compact = match[0].replace(/[ -]/g, '').toUpperCase();
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    if (length === undefined || compact.length < length || !passesMod97(compact.slice(0, length))) continue;
    // Unbroken, it is the whole word or no IBAN: an id longer than the country's IBANs is an id.
    if (!/[ -]/.test(match[0]) && compact.length !== length) continue;
    const to = match.index + endOfCharacters(match[0], length);
    found.push({ from: folded.originOf(match.index), to: folded.originOf(to) });
  }
  return found;
}
