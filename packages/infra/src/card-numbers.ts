/** Runs of digit groups, each group apart from the next by one space or dash (`4111 1111 1111 1111 12`). */
const DIGIT_RUN = /\b\d+(?:[ -]\d+)*\b/g;

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

/**
 * The card numbers written in `text`, as written: each span of whole digit groups (13 to 19 digits, separators
 * ignored) that passes the checksum, so that a card number followed or preceded by another group (an
 * expiry, a count) is still seen. Only whole groups: every 13-19 digit window of a 16-digit reference
 * passes the checksum somewhere two times in three, and an unbroken run longer than 19 digits (a
 * Worldline payment id) is a reference, not a card number (D113-d).
 */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const run of text.match(DIGIT_RUN) ?? []) {
    const groups = [...run.matchAll(/\d+/g)].map((group) => ({ digits: group[0], from: group.index, to: group.index + group[0].length }));
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length + (groups[last]?.digits.length ?? 0) <= 19; last++) {
        digits += groups[last]?.digits;
        if (digits.length >= 13 && passesLuhn(digits)) found.push(run.slice(groups[first]?.from, groups[last]?.to));
      }
    }
  }
  return found;
}
