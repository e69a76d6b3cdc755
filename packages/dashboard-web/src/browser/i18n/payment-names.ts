import type { Messages } from './messages.en';

/**
 * A way of paying in the page's words, for the lists and a payment's page alike: the method, and
 * the card's network when the PSP named one ("Card (Visa)"). A method or network the catalogue does
 * not know yet is shown as the service names it.
 */
export function methodWords(t: Messages, method: string, cardScheme?: string): string {
  const name = t.methodName[method] ?? method;
  return cardScheme ? t.methodWithScheme(name, t.cardSchemeName[cardScheme] ?? cardScheme) : name;
}
