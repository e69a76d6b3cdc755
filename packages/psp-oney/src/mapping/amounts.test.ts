import { money } from '@splitpay/domain';
import { fromMajor, toMajor } from './amounts';

// Oney writes decimals in major units; ours are ISO 4217 minor units, whatever the currency's exponent.
describe("Oney's amounts by ISO 4217's minor units", () => {
  it.each([
    [money(10_050, 'EUR'), 100.5],
    [money(10_050, 'RON'), 100.5],
    [money(1_500, 'KWD'), 1.5],
    [money(500, 'JPY'), 500],
  ])('%o is %d in major units', (amount, major) => {
    expect(toMajor(amount)).toBe(major);
  });

  it.each([
    [899, 'EUR', 89_900],
    [100.5, 'RON', 10_050],
    [1.5, 'KWD', 1_500],
    [500, 'JPY', 500],
  ])('%d %s is read back as %d minor units', (major, currency, minor) => {
    expect(fromMajor(major, currency)).toEqual({ amount: minor, currency });
  });
});
