import { currencyDigits, translator } from './i18n';

describe('dashboard translator', () => {
  it("writes a calendar day (a chargeback's date, its answer-by day) in the page's language, the same day whatever the time zone", () => {
    expect(translator('en').day('2026-02-10')).toBe('10 Feb 2026');
    expect(translator('fr').day('2026-03-12')).toBe('12 mars 2026');
    expect(translator('en').day('2026-12-31')).toBe('31 Dec 2026');
  });

  it('leaves what is not a calendar day as it came', () => {
    expect(translator('fr').day('10/02/2026')).toBe('10/02/2026');
    expect(translator('en').day('2026-02-30')).toBe('2026-02-30');
  });

  it('writes a moment past any date (an expiresAt stored before the 24-hour ttl cap, D105) as a dash rather than throwing', () => {
    expect(translator('en').dateTime(9_008_995_064_026_574)).toBe('-');
    expect(translator('fr').dateTime(Number.NaN)).toBe('-');
    expect(translator('en').dateTime(Date.UTC(2026, 1, 10, 12))).toMatch(/^10 Feb 2026, \d{2}:00$/);
  });
});

describe("amounts by ISO 4217's minor units, not the browser's", () => {
  it.each([
    ['en', 1_500, 'IQD', 'IQD 1.500'],
    ['en', 10_000, 'HUF', 'HUF 100.00'],
    ['en', 250_000, 'IDR', 'IDR 2,500.00'],
    ['en', 5_000, 'JPY', 'JP¥5,000'],
    ['en', 12_345, 'EUR', '€123.45'],
    ['en', 1_234, 'KWD', 'KWD 1.234'],
  ] as const)('%s: %i %s is %s', (locale, amount, currency, shown) => {
    expect(translator(locale).money({ amount, currency }).replace(/\s/g, ' ')).toBe(shown);
  });

  it('gives the refund form and the export the same decimals', () => {
    expect([currencyDigits('IQD'), currencyDigits('HUF'), currencyDigits('JPY'), currencyDigits('CLF')]).toEqual([3, 2, 0, 4]);
  });
});
