import { Formats } from './money-format';

const spaces = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('Formats', () => {
  it('formats minor units by the currency’s own digits, in en and fr', () => {
    expect(new Formats('en', { JPY: 0, KWD: 3 })._amount({ amount: 7000, currency: 'EUR' })).toBe('€70.00');
    expect(spaces(new Formats('fr', { JPY: 0, KWD: 3 })._amount({ amount: 7000, currency: 'EUR' }))).toBe('70,00 €');
    expect(new Formats('en', { JPY: 0, KWD: 3 })._amount({ amount: 1500, currency: 'JPY' })).toBe('¥1,500');
    expect(new Formats('en', { JPY: 0, KWD: 3 })._plainAmount(1500, 'KWD')).toBe('1.500');
  });

  it('reads what the payer typed, with a comma or a dot, into minor units; refuses what is not an amount', () => {
    const en = new Formats('en', { JPY: 0, KWD: 3 });
    const fr = new Formats('fr', { JPY: 0, KWD: 3 });
    expect(en._parseAmount('40', 'EUR')).toBe(4000);
    expect(en._parseAmount('40.5', 'EUR')).toBe(4050);
    expect(fr._parseAmount('40,05', 'EUR')).toBe(4005);
    expect(fr._parseAmount('1 200,00', 'EUR')).toBe(120000);
    expect(en._parseAmount('1500', 'JPY')).toBe(1500);
    expect(en._parseAmount('40.001', 'EUR')).toBeUndefined();
    expect(en._parseAmount('-3', 'EUR')).toBeUndefined();
    expect(en._parseAmount('abc', 'EUR')).toBeUndefined();
    expect(en._parseAmount('', 'EUR')).toBeUndefined();
  });

  it("reads the locale's grouping as the page writes it: en \"1,500.00\" is 1500, fr \"1 500,00\" too", () => {
    const en = new Formats('en', { JPY: 0, KWD: 3 });
    const fr = new Formats('fr', { JPY: 0, KWD: 3 });
    expect(en._parseAmount(en._amount({ amount: 250000, currency: 'EUR' }).slice(1), 'EUR')).toBe(250000);
    expect(en._parseAmount('1,500.00', 'EUR')).toBe(150000);
    expect(en._parseAmount('1,500', 'KWD')).toBe(1500000);
    expect(en._parseAmount('1,234,567.5', 'EUR')).toBe(123456750);
    expect(fr._parseAmount(fr._plainAmount(150000, 'EUR'), 'EUR')).toBe(150000);
    expect(fr._parseAmount('1\u202f500,00', 'EUR')).toBe(150000);
    expect(fr._parseAmount('1500.5', 'EUR')).toBe(150050);
    expect(fr._parseAmount('1,500', 'KWD')).toBe(1500);
  });

  it('refuses an ambiguous separator rather than guessing: en "1,5", "1,50.00", "1.500,00"; fr "1.500,00"', () => {
    const en = new Formats('en', { JPY: 0, KWD: 3 });
    const fr = new Formats('fr', { JPY: 0, KWD: 3 });
    for (const text of ['1,5', '1,50.00', '1.500,00', ',500', '1,500,', '1.5.0']) expect(en._parseAmount(text, 'EUR')).toBeUndefined();
    for (const text of ['1.500,00', '1,5,0']) expect(fr._parseAmount(text, 'EUR')).toBeUndefined();
  });

  it('writes the amount back the way the locale types it', () => {
    expect(new Formats('en', { JPY: 0, KWD: 3 })._plainAmount(8000, 'EUR')).toBe('80.00');
    expect(new Formats('fr', { JPY: 0, KWD: 3 })._plainAmount(8000, 'EUR')).toBe('80,00');
  });

  it("takes the decimals the view states (ISO 4217's, D149-f), not the browser's: IQD has three, HUF and IDR two", () => {
    const en = new Formats('en', { JPY: 0, KWD: 3, IQD: 3, HUF: 2, IDR: 2 });
    expect(spaces(en._amount({ amount: 1500, currency: 'IQD' }))).toBe('IQD 1.500');
    expect(spaces(en._amount({ amount: 10000, currency: 'HUF' }))).toBe('HUF 100.00');
    expect(spaces(new Formats('fr', { JPY: 0, KWD: 3 })._amount({ amount: 10000, currency: 'HUF' }))).toBe('100,00 HUF');
    expect(en._plainAmount(250000, 'IDR')).toBe('2500.00');
    expect(en._parseAmount('1.5', 'IQD')).toBe(1500);
    expect(en._parseAmount('100', 'HUF')).toBe(10000);
    expect([en._plainAmount(1, 'IQD'), en._plainAmount(1, 'HUF'), en._plainAmount(1, 'JPY')]).toEqual(['0.001', '0.01', '1']);
  });

  it('formats an APR fraction as a percentage', () => {
    expect(new Formats('en', { JPY: 0, KWD: 3 }).percent(0.0949)).toBe('9.49%');
    expect(spaces(new Formats('fr', { JPY: 0, KWD: 3 }).percent(0.0949))).toBe('9,49 %');
  });
});
