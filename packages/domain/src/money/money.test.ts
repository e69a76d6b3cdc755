import { add, compare, money, subtract, sum, zero } from './money';
import { currencyCode } from './currency';

const EUR = currencyCode('EUR');

describe('Money', () => {
  it('adds and subtracts minor units of one currency', () => {
    expect(add(money(150, EUR), money(50, EUR))).toEqual(money(200, EUR));
    expect(subtract(money(150, EUR), money(50, EUR))).toEqual(money(100, EUR));
    expect(sum(EUR, [money(1, EUR), money(2, EUR)])).toEqual(money(3, EUR));
    expect(compare(money(1, EUR), zero(EUR))).toBeGreaterThan(0);
  });

  it('refuses arithmetic across currencies', () => {
    expect(() => add(money(1, EUR), money(1, 'USD'))).toThrow(/Currency mismatch/);
  });

  it('refuses fractional amounts and malformed currencies', () => {
    expect(() => money(1.5, EUR)).toThrow(/integer/);
    expect(() => money(1, 'eur')).toThrow(/ISO 4217/);
  });
});
