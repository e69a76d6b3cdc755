/**
 * A text as the disclosure checks read it: every character with a one-character ASCII compatibility
 * form written as that form (full-width `４` and `／`, mathematical `𝟒`, a no-break or ideographic
 * space), every other decimal digit as its ASCII digit (Arabic-Indic `٤`, Devanagari `४`), every other
 * space as a space and every dash as `-`. A card number or an IBAN typed in another script's digits
 * or parted by a typographic space is still one (D158-a).
 */
export interface FoldedText {
  readonly text: string;
  /** Where the character at `index` of the folded text (or the end, at its length) stands in the original. */
  originOf(index: number): number;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const SPACE = /^\p{Zs}$/u;
const DASH = /^\p{Pd}$/u;

/**
 * A decimal digit's value: Unicode assigns them only in runs of ten, 0 to 9 in order, so the value is
 * how many digits stand before it in its stretch of consecutive digits, modulo ten.
 */
function asciiDigit(codePoint: number): string {
  let zero = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return String((codePoint - zero) % 10);
}

function foldedChar(char: string): string {
  const compatible = char.normalize('NFKC');
  if (compatible.length === 1 && ASCII_ONLY.test(compatible)) return compatible;
  if (DECIMAL_DIGIT.test(char)) return asciiDigit(char.codePointAt(0) ?? 0);
  if (SPACE.test(char)) return ' ';
  if (DASH.test(char)) return '-';
  return char;
}

/** `text` folded (see FoldedText), with where each folded character came from. */
export function foldedText(text: string): FoldedText {
  if (ASCII_ONLY.test(text)) return { text, originOf: (index) => index };
  let folded = '';
  const origins: number[] = [];
  let at = 0;
  for (const char of text) {
    const written = foldedChar(char);
    for (let i = 0; i < written.length; i++) origins.push(at);
    folded += written;
    at += char.length;
  }
  return { text: folded, originOf: (index) => origins[index] ?? at };
}
