import { en } from './en';
import { fr } from './fr';
import type { Messages } from './messages';

export type Locale = 'en' | 'fr';

const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, fr };

/** The option, then the page's `<html lang>`, then the browser's language, then English; by prefix (fr-BE is fr). */
export function resolveLocale(given: string | undefined, doc?: Document): Locale {
  const candidates = [given, doc?.documentElement?.lang, globalThis.navigator?.language];
  for (const candidate of candidates) {
    const prefix = candidate?.toLowerCase().split(/[-_]/)[0];
    if (prefix === 'fr' || prefix === 'en') return prefix;
  }
  return 'en';
}

export function messagesFor(locale: Locale, overrides?: Partial<Messages>): Messages {
  return { ...CATALOGUES[locale], ...overrides };
}
