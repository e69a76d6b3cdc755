/** What a contact typed in an amount field, read in minor units of the currency. */
export type AmountInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'amount'; readonly minor: number }
  | { readonly kind: 'invalid' };

/** English grouping, as the page shows amounts in English ("12,245", "1,234.50"). */
const ENGLISH_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * Reads "12.50", "12,50" or "1 234,5" as minor units with exactly the currency's `digits` (no
 * floating point on the way: 0.29 stays 29). More decimals than the currency has, signs, letters
 * and zero are invalid. An amount grouped as the page writes it in English ("12,245" yen,
 * "1,234.50") reads as grouped when it cannot be read otherwise: a comma stays a decimal
 * separator wherever it could be one (D129-c).
 */
export function readAmountInput(text: string, digits: number): AmountInput {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const read = readUngrouped(compact, digits);
  if (read.kind !== 'invalid' || !ENGLISH_GROUPED.test(compact)) return read;
  return readUngrouped(compact.replace(/,/g, ''), digits);
}

function readUngrouped(compact: string, digits: number): AmountInput {
  if (compact === '') return { kind: 'empty' };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(compact);
  if (!match) return { kind: 'invalid' };
  const units = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return { kind: 'invalid' };
  const minor = Number(units + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor) || minor < 1) return { kind: 'invalid' };
  return { kind: 'amount', minor };
}

/** An amount to give as an example of what the field reads: 12.50 in a currency of two decimals, 12 in one of none. */
export function exampleAmountText(digits: number, decimalSeparator: string): string {
  return amountInputText(12 * 10 ** digits + (digits > 0 ? 5 * 10 ** (digits - 1) : 0), digits).replace('.', decimalSeparator);
}

/** Minor units written for an input field ("12.50"), without grouping or currency sign. */
export function amountInputText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
