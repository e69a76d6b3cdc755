import { cardNumbersIn } from './card-numbers';
import { writesCredentialPair } from './credential-pairs';
import { foldedText } from './folded-text';
import { ibanSpans } from './ibans';
import { writesNationalPhoneNumber } from './national-phone-numbers';
import { TOKENS } from './redact';
import { withoutSpans } from './text-spans';

/** What a free text meant for merchants' eyes must not carry (D113-b), as its writer is told. */
export type TextDisclosure = 'a card number' | 'an IBAN' | 'an email address' | 'a phone number' | 'a token or credential';

const EMAIL = /[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}/;
/**
 * An international number (`+33 6 12 34 56 78`, `+33 (0)6 12 34 56 78`, `0033 6 12 34 56 78`, and
 * with its area code in brackets, `+1 (415) 555-2671`, D157-a): a payer's, as far as a note can tell.
 * The `00` form needs a separator after its country code, so that a reference starting with 00 is not
 * read as one. How many digits it holds is counted apart (PHONE_DIGITS): the pattern only finds the
 * candidates.
 */
const PHONE = /(?:\+(\d{1,3})|\b00([1-9]\d{0,2})(?=[ .-]))(?:[ .-]?\(0\))?((?:[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d){4,14})\b/g;
/**
 * Country code and national number together, as E.164 counts them (the `+` or `00` and a `(0)` left
 * out): at most 15, and at least 8 (Saint Helena's `+290` and five digits); a `+` and fewer digits is
 * a reference (`+1234567`), D123-c, unless its country code is one of the two whose numbers are
 * seven digits long in all (SEVEN_DIGIT_COUNTRIES, D152-b).
 */
const PHONE_DIGITS = { min: 8, max: 15 } as const;
/** Niue (`+683`) and Tokelau (`+690`): a country code and four digits, the shortest numbers in use. */
const SEVEN_DIGIT_COUNTRIES = ['683', '690'];

function writesPhoneNumber(text: string): boolean {
  return [...text.matchAll(PHONE)].some(([, plusCountry, zeroZeroCountry, national]) => {
    const country = plusCountry ?? zeroZeroCountry ?? '';
    const digits = country.length + (national ?? '').replace(/\D/g, '').length;
    if (digits === PHONE_DIGITS.min - 1) return SEVEN_DIGIT_COUNTRIES.includes(country);
    return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  });
}

/**
 * What `text` discloses of a payer or a secret: a card number (a span of 13 to 19 digits passing
 * the card checksum, or one failing it written as only cards are: see cardNumbersIn), an IBAN, an
 * email address, a phone number (international, or national as written at home), a token or
 * credential (a credential's value after its name included). Read on the folded text (other scripts'
 * digits, full-width forms, typographic spaces, D158-a), an IBAN's digits taken for nothing else.
 * Empty when none: the text may be shown as written.
 */
export function disclosuresIn(text: string): readonly TextDisclosure[] {
  const found: TextDisclosure[] = [];
  const ibans = ibanSpans(text);
  const rest = foldedText(withoutSpans(text, ibans, ' ')).text;
  if (cardNumbersIn(rest).length > 0) found.push('a card number');
  if (ibans.length > 0) found.push('an IBAN');
  if (EMAIL.test(rest)) found.push('an email address');
  if (writesPhoneNumber(rest) || writesNationalPhoneNumber(rest)) found.push('a phone number');
  if ((rest.match(TOKENS) ?? []).length > 0 || writesCredentialPair(rest)) found.push('a token or credential');
  return found;
}
