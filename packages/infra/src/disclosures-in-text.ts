import { cardNumbersIn } from './card-numbers';
import { TOKENS } from './redact';

/** What a free text meant for merchants' eyes must not carry (D113-b), as its writer is told. */
export type TextDisclosure = 'a card number' | 'an email address' | 'a phone number' | 'a token or credential';

const EMAIL = /[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}/;
/**
 * An international number (`+33 6 12 34 56 78`, `+33 (0)6 12 34 56 78`, `0033 6 12 34 56 78`): a
 * payer's, as far as a note can tell. The `00` form needs a separator after its country code, so that
 * a reference starting with 00 is not read as one.
 */
const PHONE = /(?:\+\d{1,3}|\b00[1-9]\d{0,2}(?=[ .-]))(?:[ .-]?\(0\))?(?:[ .-]?\d){6,13}\b/;

/**
 * What `text` discloses of a payer or a secret: a card number (a span of 13 to 19 digits passing
 * the card checksum, see cardNumbersIn), an email address, an international phone number, a token
 * or credential. Empty when none: the text may be shown as written.
 */
export function disclosuresIn(text: string): readonly TextDisclosure[] {
  const found: TextDisclosure[] = [];
  if (cardNumbersIn(text).length > 0) found.push('a card number');
  if (EMAIL.test(text)) found.push('an email address');
  if (PHONE.test(text)) found.push('a phone number');
  if ((text.match(TOKENS) ?? []).length > 0) found.push('a token or credential');
  return found;
}
