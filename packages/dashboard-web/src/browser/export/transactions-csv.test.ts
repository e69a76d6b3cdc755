import type { TransactionViewJson } from '../api/api-types';
import { csvField, decimalAmount, exportFileName, TRANSACTION_COLUMNS, transactionsCsv } from './transactions-csv';

const BOM = '\uFEFF';

function view(overrides: { orderId?: string; extraData?: string; statusMessage?: string; amount?: number; currency?: string } = {}): TransactionViewJson {
  return {
    sessionId: '5f0c1d2e-0000-4000-8000-000000000001',
    merchantId: 'demo',
    orderId: overrides.orderId ?? 'order-1',
    attemptId: '5f0c1d2e-0000-4000-8000-000000000002',
    method: 'card',
    provider: 'adyen',
    cardScheme: 'visa',
    transaction: {
      transactionId: '5f0c1d2e-0000-4000-8000-000000000003',
      createdAt: Date.UTC(2026, 0, 2, 9, 30, 5, 120),
      updatedAt: Date.UTC(2026, 0, 2, 9, 30, 6, 0),
      type: 'capture',
      amount: { amount: overrides.amount ?? 1250, currency: overrides.currency ?? 'EUR' },
      providerRef: 'psp-42',
      status: { kind: 'succeeded', statusCode: '00', statusMessage: overrides.statusMessage ?? 'Approved' },
      ...(overrides.extraData !== undefined ? { extraData: overrides.extraData } : {}),
    },
  };
}

describe('transactions CSV writer (RFC 4180)', () => {
  it('starts with a UTF-8 byte order mark and one header row of stable English names, lines ended by CRLF', () => {
    const text = transactionsCsv([view()]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'createdAt,updatedAt,merchantId,orderId,sessionId,attemptId,transactionId,type,status,statusCode,statusMessage,declineCategory,amount,amountMinor,currency,method,provider,cardScheme,providerRef,extraData',
    );
    expect(TRANSACTION_COLUMNS.join(',')).toBe(lines[0]);
    expect(lines[1]).toBe(
      '2026-01-02T09:30:05.120Z,2026-01-02T09:30:06.000Z,demo,order-1,5f0c1d2e-0000-4000-8000-000000000001,5f0c1d2e-0000-4000-8000-000000000002,5f0c1d2e-0000-4000-8000-000000000003,capture,succeeded,00,Approved,,12.50,1250,EUR,card,adyen,visa,psp-42,',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    // No bare LF outside quoted fields.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes only the header for no rows', () => {
    expect(transactionsCsv([])).toBe(`${BOM}${TRANSACTION_COLUMNS.join(',')}\r\n`);
  });

  it('quotes a field holding a comma, a quote, a CR or an LF, and doubles its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
    expect(csvField('Café crème, déjà')).toBe('"Café crème, déjà"');
  });

  it('prefixes a single quote to a field that a spreadsheet would read as a formula (=, +, -, @, tab, CR)', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+33 1 23')).toBe("'+33 1 23");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('also guards a field starting with NUL (ASVS 5.0 V1.2.10), LF, or the full-width = + - @ some spreadsheets read as formulas', () => {
    expect(csvField('\0=1+1')).toBe("'\0=1+1");
    expect(csvField('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvField('\uFF1DHYPERLINK("http://x")')).toBe(`"'\uFF1DHYPERLINK(""http://x"")"`);
    expect(csvField('\uFF0B1')).toBe("'\uFF0B1");
    expect(csvField('\uFF0D1')).toBe("'\uFF0D1");
    expect(csvField('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
    expect(csvField('x\uFF1D1')).toBe('x\uFF1D1');
  });

  it("guards the merchant's orderId and extraData and the PSP's statusMessage in the file", () => {
    const line = transactionsCsv([view({ orderId: '=1+1', extraData: '@cmd|calc', statusMessage: '-Declined, "do not honour"' })]).split('\r\n')[1] ?? '';
    expect(line).toContain(",'=1+1,");
    expect(line).toContain(`,"'-Declined, ""do not honour""",`);
    expect(line.endsWith(",'@cmd|calc")).toBe(true);
  });

  it('writes amounts in major units by the currency exponent, and in minor units', () => {
    expect(decimalAmount(1250, 'EUR')).toBe('12.50');
    expect(decimalAmount(5, 'EUR')).toBe('0.05');
    expect(decimalAmount(0, 'EUR')).toBe('0.00');
    expect(decimalAmount(1234, 'JPY')).toBe('1234');
    expect(decimalAmount(1234, 'KWD')).toBe('1.234');
    expect(decimalAmount(123456789, 'USD')).toBe('1234567.89');
    const jpy = transactionsCsv([view({ amount: 1234, currency: 'JPY' })]).split('\r\n')[1] ?? '';
    expect(jpy).toContain(',1234,1234,JPY,');
  });

  it("writes amounts by ISO 4217's decimals, not the browser's: IQD has three, HUF and IDR two", () => {
    expect(decimalAmount(1500, 'IQD')).toBe('1.500');
    expect(decimalAmount(10000, 'HUF')).toBe('100.00');
    expect(decimalAmount(250000, 'IDR')).toBe('2500.00');
    const huf = transactionsCsv([view({ amount: 10000, currency: 'HUF' })]).split('\r\n')[1] ?? '';
    expect(huf).toContain(',100.00,10000,HUF,');
  });

  it('names the file by the merchant and the range', () => {
    expect(exportFileName('demo', '2026-01-01', '2026-01-31')).toBe('splitpay-transactions-demo-2026-01-01-to-2026-01-31.csv');
    // Nothing in a merchant id can leave the name's own characters.
    expect(exportFileName('a/b c', '2026-01-01', '2026-01-01')).toBe('splitpay-transactions-a_b_c-2026-01-01-to-2026-01-01.csv');
  });
});
