import { money } from '@splitpay/domain';
import { fromPayPalAmount, toPayPalAmount } from './paypal-amount';

describe('PayPal amounts', () => {
  it.each([
    [money(12_345, 'EUR'), { currency_code: 'EUR', value: '123.45' }],
    [money(5, 'EUR'), { currency_code: 'EUR', value: '0.05' }],
    [money(100, 'USD'), { currency_code: 'USD', value: '1.00' }],
    [money(5000, 'JPY'), { currency_code: 'JPY', value: '5000' }],
    [money(12_300, 'TWD'), { currency_code: 'TWD', value: '123' }],
    [money(10_000, 'HUF'), { currency_code: 'HUF', value: '100' }],
    [money(1_500, 'IQD'), { currency_code: 'IQD', value: '1.500' }],
    [money(250_000, 'IDR'), { currency_code: 'IDR', value: '2500.00' }],
  ])('%j is written %j', (amount, expected) => {
    expect(toPayPalAmount(amount)).toEqual(expected);
    expect(fromPayPalAmount(expected)).toEqual(amount);
  });

  it('a fraction PayPal cannot carry is no amount', () => {
    expect(toPayPalAmount(money(12_345, 'TWD'))).toBeUndefined();
    expect(toPayPalAmount(money(10_050, 'HUF'))).toBeUndefined();
  });

  it('reads what PayPal writes: trailing zeros, negative reversals by their size; refuses what is not a decimal', () => {
    expect(fromPayPalAmount({ currency_code: 'EUR', value: '10.5' })).toEqual(money(1050, 'EUR'));
    expect(fromPayPalAmount({ currency_code: 'EUR', value: '10.500' })).toEqual(money(1050, 'EUR'));
    expect(fromPayPalAmount({ currency_code: 'EUR', value: '-10.00' })).toEqual(money(1000, 'EUR'));
    expect(fromPayPalAmount({ currency_code: 'EUR', value: '10.505' })).toBeUndefined();
    expect(fromPayPalAmount({ currency_code: 'EUR', value: '1e3' })).toBeUndefined();
    expect(fromPayPalAmount({ currency_code: 'eur', value: '10' })).toBeUndefined();
    expect(fromPayPalAmount(undefined)).toBeUndefined();
  });
});
