import { amountInputText, readAmountInput } from './amount-input';

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
});

describe('amountInputText', () => {
  it('writes minor units back as the field shows them', () => {
    expect(amountInputText(1250, 2)).toBe('12.50');
    expect(amountInputText(5, 2)).toBe('0.05');
    expect(amountInputText(1500, 0)).toBe('1500');
  });
});
