import type { Money } from '../types/session-view';
import type { Locale } from '../i18n/locale';

/** Locale formatting of amounts (minor units), dates and rates, with Intl. */
export class Formats {
  /**
   * @param _minorUnits each currency's minor units, as the session view states them (its `minorUnits`,
   * D149-f): the page carries no ISO 4217 table; a currency it was not told has two.
   */
  constructor(
    readonly locale: Locale,
    readonly _minorUnits: Record<string, number> = {},
  ) {}

  /** How many decimals an amount of `currency` has. */
  _digits(currency: string): number {
    return this._minorUnits[currency] ?? 2;
  }

  /** `value` with exactly `digits` decimals. */
  private _number(value: number, digits: number, options?: Intl.NumberFormatOptions): string {
    return new Intl.NumberFormat(this.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, ...options }).format(value);
  }

  /** `amount` minor units of `currency` as a number of its major units, with the currency's decimals. */
  private _money(amount: number, currency: string, options: Intl.NumberFormatOptions): string {
    const digits = this._digits(currency);
    return this._number(amount / 10 ** digits, digits, options);
  }

  _amount(money: Money): string {
    return this._money(money.amount, money.currency, { style: 'currency', currency: money.currency });
  }

  /** The amount as the payer types it, without the symbol: "30.00" in en, "30,00" in fr. */
  _plainAmount(amount: number, currency: string): string {
    return this._money(amount, currency, { useGrouping: false });
  }

  /**
   * What the payer typed, in minor units; undefined when it is not an amount. Reads the locale's marks
   * (en "1,500.00", fr "1 500,00"), a dot as decimal mark where it does not group, and spaces as grouping.
   * The locale's grouping mark elsewhere than between thousands is refused, not guessed (en "1,5").
   */
  _parseAmount(text: string, currency: string): number | undefined {
    const digits = this._digits(currency);
    const parts = new Intl.NumberFormat(this.locale).formatToParts(1234.5);
    const [group, decimal] = ['group', 'decimal'].map((type) => parts.find((p) => p.type === type)?.value as string);
    let cleaned = text.replace(/[\s\u00a0\u202f]/g, '');
    if (group !== '.') cleaned = cleaned.replace('.', decimal as string);
    const [whole = '', decimals = '', extra] = cleaned.split(decimal as string);
    const grouped = whole.split(group as string).join(',');
    if (extra !== undefined || !/^(\d+|\d{1,3}(,\d{3})+)$/.test(grouped) || !/^\d*$/.test(decimals) || decimals.length > digits) return undefined;
    const value = Number(grouped.replace(/,/g, '')) * 10 ** digits + Number(decimals.padEnd(digits, '0') || '0');
    return Number.isSafeInteger(value) ? value : undefined;
  }

  date(epochMs: number): string {
    return new Intl.DateTimeFormat(this.locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(epochMs);
  }

  /**
   * A deadline: its time of day on the payer's current day ("3:04 PM" in en, "15:04" in fr), with its
   * day otherwise ("Thursday, January 15 at 3:04 PM"; no year: a session lives 24 h at most, D105);
   * a dash past JavaScript's last date (D105).
   */
  time(epochMs: number): string {
    // try/catch, not a bound check: the fewest bytes the gzip budget allows.
    try {
      const otherDay = new Date(epochMs).toDateString() !== new Date().toDateString();
      return new Intl.DateTimeFormat(this.locale, { ...(otherDay && { weekday: 'long', day: 'numeric', month: 'long' }), hour: 'numeric', minute: '2-digit' }).format(epochMs);
    } catch {
      return '-';
    }
  }

  percent(fraction: number): string {
    return this._number(fraction, 2, { style: 'percent' });
  }
}
