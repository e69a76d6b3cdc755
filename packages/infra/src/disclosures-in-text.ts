import { CARD_NUMBER, TOKENS } from './redact';

/** What a free text meant for merchants' eyes must not carry (D113-b), as its writer is told. */
export type TextDisclosure = 'a card number' | 'an email address' | 'a phone number' | 'a token or credential';

const EMAIL = /[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}/;
/** An international number (`+33 6 12 34 56 78`): a payer's, as far as a note can tell. */
const PHONE = /\+\d(?:[ .-]?\d){7,14}\b/;

/** The Luhn checksum every card number passes: a long PSP reference mostly does not. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What `text` discloses of a payer or a secret: a card number (the digit runs the log redaction
 * hides, when they pass the card checksum), an email address, an international phone number, a token
 * or credential. Empty when none: the text may be shown as written.
 */
export function disclosuresIn(text: string): readonly TextDisclosure[] {
  const found: TextDisclosure[] = [];
  if ((text.match(CARD_NUMBER) ?? []).some((run) => passesLuhn(run.replace(/\D/g, '')))) found.push('a card number');
  if (EMAIL.test(text)) found.push('an email address');
  if (PHONE.test(text)) found.push('a phone number');
  if ((text.match(TOKENS) ?? []).length > 0) found.push('a token or credential');
  return found;
}
