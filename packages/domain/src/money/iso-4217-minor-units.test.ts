import { ISO_4217_CODES } from './iso-4217';
import { ISO_4217_WITHOUT_MINOR_UNIT, minorUnitsOf } from './iso-4217-minor-units';

describe("ISO 4217's minor units", () => {
  it.each([
    ['JPY', 0], ['EUR', 2], ['IQD', 3], ['HUF', 2], ['KWD', 3], ['CLF', 4], ['UYW', 4], ['ISK', 0], ['VND', 0],
    ['IDR', 2], ['COP', 2], ['LBP', 2], ['IRR', 2], ['MGA', 2], ['MMK', 2], ['TWD', 2], ['CVE', 2], ['CLP', 0],
    ['BHD', 3], ['TND', 3], ['XOF', 0], ['UYI', 0], ['MRU', 2], ['XAU', 0], ['XXX', 0],
  ])('%s has %i decimals', (currency, digits) => {
    expect(minorUnitsOf(currency)).toBe(digits);
  });

  it('gives every code of list one 0, 2, 3 or 4; the codes without minor unit are codes of the list', () => {
    for (const code of ISO_4217_CODES) expect([0, 2, 3, 4]).toContain(minorUnitsOf(code));
    for (const code of ISO_4217_WITHOUT_MINOR_UNIT.split(' ')) expect([ISO_4217_CODES.has(code), minorUnitsOf(code)]).toEqual([true, 0]);
  });
});
