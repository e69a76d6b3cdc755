/** What Adyen takes in `shopperStatement`: letters, digits, spaces and . , ' _ - ? + * / */
const NOT_ALLOWED = /[^a-zA-Z0-9 .,'_\-?+*/]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The order's statement descriptor (the contract's bank statement label) as Adyen's shopper
 * statement: accents dropped from their letters, any other character Adyen refuses made a space.
 * Undefined when the order set none, or nothing of it is left.
 */
export function shopperStatementOf(descriptor: string | undefined): string | undefined {
  if (descriptor === undefined) return undefined;
  const statement = descriptor.normalize('NFD').replace(COMBINING_MARKS, '').replace(NOT_ALLOWED, ' ');
  return statement.trim() ? statement : undefined;
}
