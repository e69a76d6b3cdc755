import { add, compare, money, subtract, sum, zero } from './money';
import { countryCode, currencyCode, isCountryCode, isCurrencyCode } from './currency';

const EUR = currencyCode('EUR');

describe('Money', () => {
  it('adds and subtracts minor units of one currency', () => {
    expect(add(money(150, EUR), money(50, EUR))).toEqual(money(200, EUR));
    expect(subtract(money(150, EUR), money(50, EUR))).toEqual(money(100, EUR));
    expect(sum(EUR, [money(1, EUR), money(2, EUR)])).toEqual(money(3, EUR));
    expect(compare(money(1, EUR), zero(EUR))).toBeGreaterThan(0);
  });

  it('refuses arithmetic across currencies', () => {
    for (const across of [add, subtract, compare]) expect(() => across(money(1, EUR), money(1, 'USD'))).toThrow(/Currency mismatch/);
    expect(() => sum(EUR, [money(1, EUR), money(1, 'USD')])).toThrow(/Currency mismatch/);
  });

  it('refuses fractional amounts and malformed currencies', () => {
    expect(() => money(1.5, EUR)).toThrow(/integer/);
    expect(() => money(1, 'eur')).toThrow(/ISO 4217/);
    expect(() => money(2 ** 53, EUR)).toThrow(/integer/);
    expect(() => money(Number.NaN, EUR)).toThrow(/integer/);
  });

  it('knows ISO 4217 currency and ISO 3166-1 alpha-2 country codes by their shape', () => {
    expect([isCurrencyCode('EUR'), isCurrencyCode('EU'), isCurrencyCode('EURO'), isCurrencyCode('eur')]).toEqual([true, false, false, false]);
    expect([isCountryCode('FR'), isCountryCode('FRA'), isCountryCode('fr')]).toEqual([true, false, false]);
    expect(countryCode('FR')).toBe('FR');
    expect(() => countryCode('fr')).toThrow(/ISO 3166-1/);
  });
});
