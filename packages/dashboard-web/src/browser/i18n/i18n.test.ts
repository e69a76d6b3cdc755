import { translator } from './i18n';

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
