/** Runs of digit groups, each group apart from the next by one space or dash (`4111 1111 1111 1111 12`). */
const DIGIT_RUN = /\b\d+(?:[ -]\d+)*\b/g;

/**
 * The first digits the card schemes issue under: Mastercard 2 and 5, American Express, Diners and JCB 3,
 * Visa 4, Discover, UnionPay and Maestro 6. Adyen's numeric pspReference starts with 8 (D123-a).
 */
const SCHEME_FIRST_DIGIT = /^[2-6]/;

/**
 * What a card number glued to what follows it begins an unbroken run with: 16 digits (15 for American
 * Express, 34 or 37), then 1 to 8 more (a security code, an expiry, both, a stray digit). Only at the
 * start: a window anywhere inside a long id passes the checksum for most ids (D123-b).
 */
const GLUED_LENGTHS = [
  { length: 15, prefix: /^3[47]/ },
  { length: 16, prefix: SCHEME_FIRST_DIGIT },
] as const;
const GLUED_TAIL = { min: 1, max: 8 } as const;

/** The Luhn checksum every card number passes: a long PSP reference mostly does not. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits a card scheme could have issued: its first digit and the checksum. */
export function couldBeCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && SCHEME_FIRST_DIGIT.test(digits) && passesLuhn(digits);
}

/** The card number an unbroken run of digits starts with, its expiry or security code typed right after it. */
function gluedCardNumber(group: string): string | undefined {
  const card = GLUED_LENGTHS.find(({ length, prefix }) => {
    const tail = group.length - length;
    return tail >= GLUED_TAIL.min && tail <= GLUED_TAIL.max && prefix.test(group) && passesLuhn(group.slice(0, length));
  });
  return card && group.slice(0, card.length);
}

/** Where a card number is written in a text: from its first digit to its last (`to` excluded). */
export interface CardNumberSpan {
  readonly from: number;
  readonly to: number;
}

/**
 * Where card numbers are written in `text`: each span of whole digit groups (13 to 19 digits, separators
 * ignored) that could be a card number (couldBeCardNumber), so that a card number followed or preceded by
 * another group (an expiry, a count) is still seen; and the card number an unbroken run starts with when
 * only a security code or an expiry follows it (gluedCardNumber). Only whole groups otherwise: every
 * 13-19 digit window of a 16-digit reference passes the checksum somewhere two times in three, and an
 * unbroken run longer than 19 digits (a Worldline payment id) is a reference (D113-d, D123). Spans may overlap.
 */
export function cardNumberSpans(text: string): CardNumberSpan[] {
  const found: CardNumberSpan[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = [...run[0].matchAll(/\d+/g)].map((group) => ({ digits: group[0], from: run.index + group.index, to: run.index + group.index + group[0].length }));
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length + (groups[last]?.digits.length ?? 0) <= 19; last++) {
        digits += groups[last]?.digits;
        if (couldBeCardNumber(digits)) found.push({ from: groups[first]?.from ?? 0, to: groups[last]?.to ?? 0 });
      }
    }
    for (const group of groups) {
      const glued = gluedCardNumber(group.digits);
      if (glued) found.push({ from: group.from, to: group.from + glued.length });
    }
  }
  return found;
}

/** The card numbers written in `text`, as written (cardNumberSpans). */
export function cardNumbersIn(text: string): string[] {
  return cardNumberSpans(text).map(({ from, to }) => text.slice(from, to));
}
