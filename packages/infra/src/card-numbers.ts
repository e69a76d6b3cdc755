import { issuedLike } from './card-schemes';
import { foldedText } from './folded-text';

/** Runs of digit groups, each group apart from the next by one space or dash (`4111 1111 1111 1111 12`). */
const DIGIT_RUN = /\b\d+(?:[ -]\d+)*\b/g;

/**
 * Runs of digit groups apart by dots, slashes or underscores (`4111.1111.1111.1111`, `4111/1111/1111/1111`,
 * `4111_1111_1111_1111`): a card number only when in a card layout (punctuatedCardNumber), since these
 * also part addresses, versions, amounts, dates and ids (`3066019730_0`), D157-a, D158-a. Bounded by
 * what is not a digit, not by a word boundary: an underscore is a word character (`card_4111_…`).
 */
const PUNCTUATED_RUN = /(?<!\d)\d+(?:[./_]\d+)+(?!\d)/g;

/**
 * The first digits the card schemes issue under: Mastercard 22 to 27 and 5, Mir 22, American Express,
 * Diners and JCB 3, Visa 4, Discover, UnionPay and Maestro 6. Adyen's numeric pspReference starts with 8
 * (D123-a); no card starts with 20 or 21, as this century's yyyyMMddHHmmss date-times do (D152-a).
 */
const SCHEME_FIRST_DIGIT = /^(?:2[2-7]|[3-6])/;

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

/**
 * How cards are printed and typed in groups: 4-4-4-4 (and 4-4-4-4-3 for 19 digits), American Express's
 * 4-6-5, Diners Club's 4-6-4. No id, amount or timestamp is written so.
 */
const CARD_LAYOUTS: readonly (readonly number[])[] = [
  [4, 4, 4, 4],
  [4, 4, 4, 4, 3],
  [4, 6, 5],
  [4, 6, 4],
];
const MOST_LAYOUT_GROUPS = Math.max(...CARD_LAYOUTS.map((layout) => layout.length));
const FEWEST_LAYOUT_GROUPS = Math.min(...CARD_LAYOUTS.map((layout) => layout.length));

/** Whether the groups are those of one of the card layouts, group for group. */
function inCardLayout(groups: readonly string[]): boolean {
  return CARD_LAYOUTS.some((layout) => layout.length === groups.length && layout.every((length, i) => groups[i]?.length === length));
}

/** The lengths an unbroken card number is typed in: 16, 15 (American Express), 14 (Diners Club), the lengths of nearly every card in use. */
const UNBROKEN_LENGTHS = [14, 15, 16];

/**
 * A card number failing the checksum (a payer's typo, still card data) as only a card is written: in
 * one of the card layouts, or unbroken as a whole group of 14 to 16 digits, either way starting as a
 * scheme's cards start and as long as that scheme's are (issuedLike). Not other unbroken lengths (13,
 * 17 to 19: a numeric id as often as a card) nor prefixes (D152-a): an epoch-ms timestamp starts with
 * 1, a yyyyMMddHHmmss date-time with 20 and has 14 digits, Adyen's numeric pspReference starts with 7
 * or 8, Worldline's ids with 0 or are longer.
 */
function mistypedCardNumber(groups: readonly string[]): boolean {
  const digits = groups.join('');
  if (!issuedLike(digits)) return false;
  if (groups.length === 1) return UNBROKEN_LENGTHS.includes(digits.length);
  return inCardLayout(groups);
}

/**
 * A card number written with dots, slashes or underscores for separators: in a card layout, and passing
 * the checksum with a scheme's first digits (couldBeCardNumber) or starting as a scheme's cards do with
 * their length (issuedLike, a mistyped one). Nothing else so parted: `192.168.100.200`, `1.234.567`,
 * `2026.11.27`, `2026/11/27`, `12/27`.
 */
function punctuatedCardNumber(groups: readonly string[]): boolean {
  const digits = groups.join('');
  return inCardLayout(groups) && (couldBeCardNumber(digits) || issuedLike(digits));
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
 * only a security code or an expiry follows it (gluedCardNumber); and a card number failing the checksum
 * written as only cards are (mistypedCardNumber); and one written with dots, slashes or underscores in a
 * card layout (punctuatedCardNumber). Only whole groups otherwise: every
 * 13-19 digit window of a 16-digit reference passes the checksum somewhere two times in three, and an
 * unbroken run longer than 19 digits (a Worldline payment id) is a reference (D113-d, D123). Read on
 * the folded text (other scripts' digits, typographic spaces and dashes, D158-a); the spans are where
 * they stand in `text`. Spans may overlap.
 */
export function cardNumberSpans(text: string): CardNumberSpan[] {
  const folded = foldedText(text);
  return cardNumberSpansInAscii(folded.text).map(({ from, to }) => ({ from: folded.originOf(from), to: folded.originOf(to) }));
}

function cardNumberSpansInAscii(text: string): CardNumberSpan[] {
  const found: CardNumberSpan[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = groupsOf(run);
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
    for (let first = 0; first < groups.length; first++) {
      for (let count = 1; count <= MOST_LAYOUT_GROUPS && first + count <= groups.length; count++) {
        const span = groups.slice(first, first + count);
        if (mistypedCardNumber(span.map((group) => group.digits))) found.push({ from: span[0]?.from ?? 0, to: span[span.length - 1]?.to ?? 0 });
      }
    }
  }
  for (const run of text.matchAll(PUNCTUATED_RUN)) {
    const groups = groupsOf(run);
    for (let first = 0; first < groups.length; first++) {
      for (let count = FEWEST_LAYOUT_GROUPS; count <= MOST_LAYOUT_GROUPS && first + count <= groups.length; count++) {
        const span = groups.slice(first, first + count);
        if (punctuatedCardNumber(span.map((group) => group.digits))) found.push({ from: span[0]?.from ?? 0, to: span[span.length - 1]?.to ?? 0 });
      }
    }
  }
  return found;
}

/** The digit groups of a run, each with where it stands in the text. */
function groupsOf(run: RegExpExecArray): { readonly digits: string; readonly from: number; readonly to: number }[] {
  return [...run[0].matchAll(/\d+/g)].map((group) => ({ digits: group[0], from: run.index + group.index, to: run.index + group.index + group[0].length }));
}

/** The card numbers written in `text`, as written (cardNumberSpans). */
export function cardNumbersIn(text: string): string[] {
  return cardNumberSpans(text).map(({ from, to }) => text.slice(from, to));
}
