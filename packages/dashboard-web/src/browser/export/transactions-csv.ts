import type { TransactionViewJson } from '../api/api-types';
import { currencyDigits } from '../i18n/i18n';
import { amountInputText } from '../money/amount-input';

/** The file's columns, in order: stable English names a reconciliation script may rely on. */
export const TRANSACTION_COLUMNS = [
  'createdAt',
  'updatedAt',
  'merchantId',
  'orderId',
  'sessionId',
  'attemptId',
  'transactionId',
  'type',
  'status',
  'statusCode',
  'statusMessage',
  'declineCategory',
  'amount',
  'amountMinor',
  'currency',
  'method',
  'provider',
  'cardScheme',
  'providerRef',
  'extraData',
] as const;

type Column = (typeof TRANSACTION_COLUMNS)[number];

const BOM = '\uFEFF';
const CRLF = '\r\n';
// What a spreadsheet reads as the start of a formula (OWASP, CSV injection: = + - @ tab CR), with NUL
// (ASVS 5.0 V1.2.10), LF, and the full-width = + - @ that spreadsheets in East Asian locales turn into
// their ASCII forms on input.
const FORMULA_START = /^[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field of RFC 4180: a field a spreadsheet would run as a formula gets a leading single quote
 * (orderId and extraData come from the merchant's callers, statusMessage from the PSP), then a
 * field holding a comma, quote, CR or LF is quoted with its quotes doubled.
 */
export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Minor units as a decimal in major units by the currency's exponent ("12.50" EUR, "1234" JPY), no grouping. */
export function decimalAmount(minor: number, currency: string): string {
  return amountInputText(minor, currencyDigits(currency));
}

function cells(row: TransactionViewJson): Record<Column, string> {
  const t = row.transaction;
  return {
    createdAt: new Date(t.createdAt).toISOString(),
    updatedAt: new Date(t.updatedAt).toISOString(),
    merchantId: row.merchantId,
    orderId: row.orderId,
    sessionId: row.sessionId,
    attemptId: row.attemptId,
    transactionId: t.transactionId,
    type: t.type,
    status: t.status.kind,
    statusCode: t.status.statusCode ?? '',
    statusMessage: t.status.statusMessage ?? '',
    declineCategory: t.status.category ?? '',
    amount: decimalAmount(t.amount.amount, t.amount.currency),
    amountMinor: String(t.amount.amount),
    currency: t.amount.currency,
    method: row.method,
    provider: row.provider,
    cardScheme: row.cardScheme ?? '',
    providerRef: t.providerRef ?? '',
    extraData: t.extraData ?? '',
  };
}

/**
 * The operations as a CSV file's text (RFC 4180): a byte order mark so spreadsheet programs read
 * the UTF-8 as such, one header row, one row per operation in the order given, every line ended by CRLF.
 */
export function transactionsCsv(rows: readonly TransactionViewJson[]): string {
  const lines = [TRANSACTION_COLUMNS.join(',')];
  for (const row of rows) {
    const values = cells(row);
    lines.push(TRANSACTION_COLUMNS.map((column) => csvField(values[column])).join(','));
  }
  return `${BOM}${lines.join(CRLF)}${CRLF}`;
}

/** `splitpay-transactions-{merchant}-{from}-to-{to}.csv`; the days are the contact's (YYYY-MM-DD). */
export function exportFileName(merchantId: string, fromDate: string, toDate: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');
  return `splitpay-transactions-${safe(merchantId)}-${safe(fromDate)}-to-${safe(toDate)}.csv`;
}
