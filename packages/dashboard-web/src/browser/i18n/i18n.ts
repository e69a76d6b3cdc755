import { en, type Messages } from './messages.en';
import { fr } from './messages.fr';
import { minorUnitsOf } from '@splitpay/domain/src/money/iso-4217-minor-units';
import type { Money } from '../api/api-types';

export const LOCALES = { en, fr } as const;
export type Locale = keyof typeof LOCALES;

/** French for a browser whose first language is French, English otherwise. */
export function preferredLocale(saved: string | null, browserLanguages: readonly string[]): Locale {
  if (saved === 'en' || saved === 'fr') return saved;
  return browserLanguages[0]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** Texts and formats of one language. */
export interface Translator {
  readonly locale: Locale;
  readonly t: Messages;
  money(money: Money): string;
  dateTime(epochMs: number): string;
  /** A calendar day (YYYY-MM-DD, a chargeback's date) written in the language; anything else as it came. */
  day(isoDay: string): string;
  /** What a refusal code means, in words; unknown codes get the generic sentence. */
  refusal(code: string): string;
}

/**
 * Digits after the decimal separator in a currency (EUR 2, JPY 0, IQD 3): ISO 4217's, never the
 * browser's Intl data (which gives IQD and HUF none, and changes between versions).
 */
export function currencyDigits(currency: string): number {
  return minorUnitsOf(currency);
}

export function translator(locale: Locale): Translator {
  const t = LOCALES[locale];
  const tag = locale === 'fr' ? 'fr-FR' : 'en-GB';
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  // A day has no time zone: read and written in UTC, it is the same day for every contact.
  const days = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    locale,
    t,
    money: ({ amount, currency }) => {
      const digits = currencyDigits(currency);
      const format = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
      return format.format(amount / 10 ** digits);
    },
    // Past JavaScript's last date (8.64e15 ms) Intl throws: a session stored before D105's ttl cap could carry one.
    dateTime: (epochMs) => (Math.abs(epochMs) <= 8.64e15 ? dates.format(epochMs) : '-'),
    day: (isoDay) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
      if (!match) return isoDay;
      const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      // 2026-02-30 would roll over to March: not a day, shown as it came.
      return at.toISOString().slice(0, 10) === isoDay ? days.format(at) : isoDay;
    },
    refusal: (code) => t.refusals[code] ?? t.unexpectedError,
  };
}
