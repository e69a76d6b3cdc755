import { readFile } from 'node:fs/promises';
import type { SessionView } from '@splitpay/domain';
import type { Download, Page, Route } from 'playwright-core';
import { newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);

const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' };
const HEADER = 'createdAt,updatedAt,merchantId,orderId,sessionId,attemptId,transactionId,type,status,statusCode,statusMessage,declineCategory,amount,amountMinor,currency,method,provider,cardScheme,providerRef,extraData';

/** RFC 4180 read back (quoted fields, doubled quotes, CRLF records): the test's own reader, not the page's writer. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), (i += 1);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') record.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      (record = []), (field = ''), (i += 1);
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('the file does not end with CRLF');
  return records;
}

interface Row {
  readonly [column: string]: string;
}

function rowsOf(records: string[][]): Row[] {
  const [header, ...rest] = records;
  return rest.map((values) => Object.fromEntries((header ?? []).map((name, i) => [name, values[i] ?? ''])));
}

/** Signed in on the Operations view, where the export lives (D65). */
async function signedIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/dashboard#/operations`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
}

async function chooseDays(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel('Created from').fill(from);
  await page.getByLabel('Created until (inclusive)').fill(to);
}

/** A synthetic page of GET /api/transactions, for what the service cannot be made to answer quickly (10,000 rows, a 503). */
function syntheticPage(size: number, next?: string): string {
  const transactions = Array.from({ length: size }, (_, i) => ({
    sessionId: '00000000-0000-4000-8000-000000000001',
    merchantId: 'demo',
    orderId: `bulk-${i}`,
    attemptId: '00000000-0000-4000-8000-000000000002',
    method: 'card',
    provider: 'fake',
    transaction: { transactionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, createdAt: Date.UTC(2026, 0, 1), updatedAt: Date.UTC(2026, 0, 1), type: 'payment', amount: { amount: 100, currency: 'EUR' }, status: { kind: 'succeeded' } },
  }));
  return JSON.stringify(next ? { transactions, nextCursor: next } : { transactions });
}

/** Downloads the page starts, as they start. */
function downloadsOf(page: Page): Download[] {
  const seen: Download[] = [];
  page.on('download', (d) => seen.push(d));
  return seen;
}

describe('dashboard export of transactions as CSV in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);
  // The merchant's reference and tag reach the file: a spreadsheet must not run them.
  const formulaOrder = `=1+1,"x" ${suffix}`;
  const plainOrder = `exp-${suffix}`;
  const tag = '=HYPERLINK("http://evil.test","open")';
  let formulaSession = '';
  let refundedAttempt = '';

  beforeAll(async () => {
    const h = demo.service();
    // 100.00 EUR in two card tranches, then 12.50 refunded of the first with a reconciliation tag.
    const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');
    const first = await h.openPage({ currency: 'EUR', total: 10_000, orderId: formulaOrder, methods: [{ method: 'card' }] }, DEMO);
    formulaSession = first.sessionId;
    await first.page.payByCard('card', 6_000);
    await first.page.waitFor(settled, 15_000);
    await first.page.payByCard('card', 4_000, '5555555555554444');
    expect((await first.page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    const session = (await readSession(h, formulaSession, DEMO)).body as unknown as { attempts: { attemptId: string }[] };
    refundedAttempt = session.attempts[0]?.attemptId ?? '';
    const refund = await fetch(`${h.url}/api/attempts/${refundedAttempt}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}`, 'Content-Type': 'application/json', 'Idempotency-Key': `exp-${suffix}` },
      body: JSON.stringify({ amount: 1_250, extraData: tag }),
    });
    expect(refund.status).toBe(202);
    await h.runWorkers();
    // A second order of 25.00 EUR in one tranche.
    const second = await h.openPage({ currency: 'EUR', total: 2_500, orderId: plainOrder, methods: [{ method: 'card' }] }, DEMO);
    await second.page.payByCard('card', 2_500);
    expect((await second.page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
  }, 90_000);

  it("downloads the range's operations as a CSV file named by the merchant and the range, its fields guarded", async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    // The service's clock stands at 2026-01-01 00:00 UTC: 1 January in Paris, the page's zone.
    await chooseDays(page, '2026-01-01', '2026-01-01');
    const exportButton = page.getByRole('button', { name: 'Export operations (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe('splitpay-transactions-demo-2026-01-01-to-2026-01-01.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const records = parseCsv(text);
    expect(records[0]?.join(',')).toBe(HEADER);
    const rows = rowsOf(records);

    const api = (await (await fetch(`${demo.service().url}/api/transactions?limit=100`, { headers: { Authorization: `Bearer ${await demo.service().clientToken(DEMO)}` } })).json()) as {
      transactions: { orderId: string; provider: string; transaction: { transactionId: string } }[];
    };
    // Every operation of the day, newest first as the service lists them, each with the PSP that ran it.
    expect(rows.map((r) => r['transactionId'])).toEqual(api.transactions.map((t) => t.transaction.transactionId));
    expect(rows.map((r) => r['provider'])).toEqual(api.transactions.map((t) => t.provider));
    const ofFormula = rows.filter((r) => r['sessionId'] === formulaSession);
    expect(ofFormula.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ofFormula.map((r) => r['orderId']))).toEqual(new Set([`'${formulaOrder}`]));
    const refundRow = ofFormula.find((r) => r['type'] === 'refund');
    expect(refundRow).toMatchObject({ attemptId: refundedAttempt, amount: '12.50', amountMinor: '1250', currency: 'EUR', extraData: `'${tag}`, merchantId: 'demo', method: 'card', provider: 'fake' });
    expect(refundRow?.['createdAt']).toMatch(/^2026-01-01T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const ofPlain = rows.filter((r) => r['orderId'] === plainOrder);
    expect(ofPlain.map((r) => r['amount'])).toContain('25.00');
    expect(ofPlain.every((r) => r['amountMinor'] === '2500' && r['status'] !== '')).toBe(true);

    // Said politely, and focus stays on the button pressed.
    await visible(page.getByRole('status').filter({ hasText: `${rows.length} operations exported to splitpay-transactions-demo-2026-01-01-to-2026-01-01.csv.` }));
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent)).toBe('Export operations (CSV)');
    // Nothing was refused by the page's Content-Security-Policy or Trusted Types.
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("keeps to the order reference typed, and makes a file of the header alone for a range without operations", async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    await chooseDays(page, '2026-01-01', '2026-01-01');
    await page.getByLabel('Order reference').fill(plainOrder);
    const [one] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    const rows = rowsOf(parseCsv((await readFile(await one.path())).toString('utf8').slice(1)));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r['orderId']))).toEqual(new Set([plainOrder]));

    await page.getByLabel('Order reference').fill('');
    await chooseDays(page, '2025-12-30', '2025-12-31');
    const [none] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    expect(none.suggestedFilename()).toBe('splitpay-transactions-demo-2025-12-30-to-2025-12-31.csv');
    expect((await readFile(await none.path())).toString('utf8')).toBe(`\uFEFF${HEADER}\r\n`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('asks for both days before exporting', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    const downloads = downloadsOf(page);
    await page.getByLabel('Created from').fill('2026-01-01');
    await page.getByRole('button', { name: 'Export operations (CSV)' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Choose the first and the last day to export' }));
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('name'))).toBe('to');
    expect(downloads).toEqual([]);
    await page.context().close();
  });

  it('makes no file beyond 10,000 operations, and says to narrow the range', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    const downloads = downloadsOf(page);
    const asked: string[] = [];
    await page.route('**/api/transactions?*', async (route: Route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(query.get('limit') ?? '');
      const n = Number(query.get('cursor') ?? 0);
      await route.fulfill({ status: 200, contentType: 'application/json', body: syntheticPage(Number(query.get('limit')), String(n + 1)) });
    });
    await chooseDays(page, '2026-01-01', '2026-12-31');
    await page.getByRole('button', { name: 'Export operations (CSV)' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'More than 10,000 operations: no file was made. Narrow the range' }), 60_000);
    // 100 pages of 100, then one operation more is asked for.
    expect(asked.length).toBe(101);
    expect(asked.at(-1)).toBe('1');
    expect(downloads).toEqual([]);
    await page.context().close();
  });

  it('cancels an export on its way: no file, said, focus back on the export button', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    const downloads = downloadsOf(page);
    let held: Route | undefined;
    await page.route('**/api/transactions?*', async (route: Route) => {
      held = route;
    });
    await chooseDays(page, '2026-01-01', '2026-01-01');
    await page.getByRole('button', { name: 'Export operations (CSV)' }).click();
    const cancel = page.getByRole('button', { name: 'Cancel export' });
    await visible(cancel);
    expect(await settle(async () => held !== undefined, Boolean)).toBe(true);
    // The only control left is Cancel: it has the focus.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent)).toBe('Cancel export');
    await cancel.click();
    await visible(page.getByRole('status').filter({ hasText: 'Export cancelled: no file was made.' }));
    await held?.fulfill({ status: 200, contentType: 'application/json', body: syntheticPage(3) }).catch(() => undefined);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent)).toBe('Export operations (CSV)');
    expect(await cancel.count()).toBe(0);
    expect(downloads).toEqual([]);
    await page.context().close();
  });

  it('ends on a failed page with a message and no partial file', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    const downloads = downloadsOf(page);
    await page.route('**/api/transactions?*', async (route: Route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      if (cursor) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
      else await route.fulfill({ status: 200, contentType: 'application/json', body: syntheticPage(100, 'p2') });
    });
    await chooseDays(page, '2026-01-01', '2026-01-01');
    await page.getByRole('button', { name: 'Export operations (CSV)' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'The export stopped: Something went wrong. Try again later. No file was made.' }));
    expect(downloads).toEqual([]);
    await page.context().close();
  });

  it('ends on a refused sign-in (401) without a file: the contact is asked to sign in again', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    const downloads = downloadsOf(page);
    await page.route('**/api/transactions?*', async (route: Route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      if (cursor) await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'Unauthorized', message: 'lapsed' }) });
      else await route.fulfill({ status: 200, contentType: 'application/json', body: syntheticPage(100, 'p2') });
    });
    await chooseDays(page, '2026-01-01', '2026-01-01');
    await page.getByRole('button', { name: 'Export operations (CSV)' }).click();
    await visible(page.getByText('Your sign-in has lapsed. Sign in again.'));
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(downloads).toEqual([]);
    await page.context().close();
  });

  it('speaks French with the same controls', async () => {
    const { page } = await newWatchedPage(demo.browser(), 'fr-FR');
    await page.goto(`${demo.service().url}/dashboard#/operations`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Opérations' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Exporter les opérations en CSV' }));
    await page.getByRole('button', { name: 'Exporter les opérations (CSV)' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Choisissez le premier et le dernier jour' }));
    await page.context().close();
  });
});
