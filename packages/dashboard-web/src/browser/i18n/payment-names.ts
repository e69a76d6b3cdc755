import { CARD_SCHEME_NAMES } from './card-scheme-names';
import type { Messages } from './messages.en';

/**
 * A way of paying in the page's words, for the lists and a payment's page alike: the method, and
 * the card's network when the PSP named one ("Card (Visa)"; networks keep their brand names in every
 * language). A method or network the catalogue does
 * not know yet is shown as the service names it.
 */
export function methodWords(t: Messages, method: string, cardScheme?: string): string {
  const name = t.methodName[method] ?? method;
  return cardScheme ? t.methodWithScheme(name, CARD_SCHEME_NAMES[cardScheme] ?? cardScheme) : name;
}
