import { money } from '@splitpay/domain';
import { fromAdyenAmount, toAdyenAmount } from './adyen-amount';

describe("Adyen's amounts: ISO 4217 minor units but for Adyen's own decimals", () => {
  it.each([
    [money(12_345, 'EUR'), 12_345],
    [money(5_000, 'JPY'), 5_000],
    [money(1_500, 'IQD'), 1_500],
    [money(10_000, 'HUF'), 10_000],
    [money(1_000, 'ISK'), 100_000],
    [money(990, 'CLP'), 99_000],
    [money(250_000, 'IDR'), 2_500],
    [money(10_000, 'CVE'), 100],
  ])('%j is sent as %i and read back', (amount, value) => {
    expect(toAdyenAmount(amount)).toEqual({ value, currency: amount.currency });
    expect(fromAdyenAmount(value, amount.currency)).toEqual(amount);
  });

  it('refuses what the other side cannot hold: a fraction of a rupiah to Adyen, Chilean cents back', () => {
    expect(toAdyenAmount(money(250_050, 'IDR'))).toBeUndefined();
    expect(fromAdyenAmount(99_050, 'CLP')).toBeUndefined();
  });
});
