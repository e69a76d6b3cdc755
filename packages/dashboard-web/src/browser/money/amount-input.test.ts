import { amountInputText, exampleAmountText, readAmountInput } from './amount-input';

describe('readAmountInput', () => {
  it('reads decimal points and commas into minor units without floating point drift', () => {
    expect(readAmountInput('12.50', 2)).toEqual({ kind: 'amount', minor: 1250 });
    expect(readAmountInput('12,5', 2)).toEqual({ kind: 'amount', minor: 1250 });
    expect(readAmountInput('0.29', 2)).toEqual({ kind: 'amount', minor: 29 });
    expect(readAmountInput('1 234,56', 2)).toEqual({ kind: 'amount', minor: 123456 });
    expect(readAmountInput('7', 2)).toEqual({ kind: 'amount', minor: 700 });
    expect(readAmountInput('1500', 0)).toEqual({ kind: 'amount', minor: 1500 });
  });

  it('says empty for nothing typed', () => {
    expect(readAmountInput('  ', 2)).toEqual({ kind: 'empty' });
  });

  it('refuses zero, signs, letters and more decimals than the currency has', () => {
    for (const text of ['0', '0.00', '-5', '+5', '12.345', '1e3', 'abc', '12.5.1', '.5']) {
      expect(readAmountInput(text, 2)).toEqual({ kind: 'invalid' });
    }
    expect(readAmountInput('12.5', 0)).toEqual({ kind: 'invalid' });
  });

  it('reads an amount grouped as the page writes it in English, where a comma cannot be a decimal separator', () => {
    expect(readAmountInput('12,245', 0)).toEqual({ kind: 'amount', minor: 12245 });
    expect(readAmountInput('1,234.50', 2)).toEqual({ kind: 'amount', minor: 123450 });
    expect(readAmountInput('1,234,567', 2)).toEqual({ kind: 'amount', minor: 123456700 });
    // Three decimals: a comma there can still be the decimal separator, and stays one.
    expect(readAmountInput('1,234', 3)).toEqual({ kind: 'amount', minor: 1234 });
    for (const text of ['12,24', '1,2345', '12,245.5']) expect(readAmountInput(text, 0)).toEqual({ kind: 'invalid' });
  });
});

describe('exampleAmountText', () => {
  it('gives an example the field reads in the currency', () => {
    expect([exampleAmountText(2, '.'), exampleAmountText(0, '.'), exampleAmountText(3, ','), exampleAmountText(2, ',')]).toEqual(['12.50', '12', '12,500', '12,50']);
  });
});

describe('amountInputText', () => {
  it('writes minor units back as the field shows them', () => {
    expect(amountInputText(1250, 2)).toBe('12.50');
    expect(amountInputText(5, 2)).toBe('0.05');
    expect(amountInputText(1500, 0)).toBe('1500');
  });
});
