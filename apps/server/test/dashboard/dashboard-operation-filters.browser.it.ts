import { readFile } from 'node:fs/promises';
import type { SessionView } from '@splitpay/domain';
import type { Page, Route } from 'playwright-core';
import { accessibilityViolations, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import type { TestMerchant } from '../support/merchants.fixture';

jest.setTimeout(120_000);

const DEMO: TestMerchant = { merchantId: 'demo', secret: 'demo-secret' };
const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' };
// The service's clock stands at 2026-01-01 00:00 UTC: 1 January in Paris, the page's zone.
const DAY = '2026-01-01';

/** The file's rows as column → value (no field of these rows is quoted: ids, types, providers). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
  const names = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
}

async function signedIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/dashboard`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
}

const hashOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);

const activeName = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('name'));

describe('dashboard: operations narrowed by provider and type, in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    const h = demo.service();
    const paid = await h.openPage({ currency: 'EUR', total: 3_000, orderId: `flt-${suffix}`, methods: [{ method: 'card' }] }, DEMO);
    await paid.page.payByCard('card', 3_000);
    expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    await h.runWorkers();
    // 21 orders more: the list has a second page.
    for (let i = 0; i < 21; i++) {
      h.clock.advance(1);
      await h.createSession({ currency: 'EUR', total: 1_000, orderId: `flt-list-${i}-${suffix}`, methods: [{ method: 'card' }] }, DEMO);
    }
  }, 90_000);

  it('keeps provider and type through Search, Next, Previous and a reload, and exports only those operations', async () => {
    const h = demo.service();
    const token = await h.clientToken(DEMO);
    const day = (await (await fetch(`${h.url}/api/transactions?limit=100`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      transactions: { provider: string; transaction: { transactionId: string; type: string } }[];
    };
    const type = day.transactions[0]!.transaction.type;
    const expected = day.transactions.filter((t) => t.provider === 'fake' && t.transaction.type === type).map((t) => t.transaction.transactionId);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(day.transactions.length);

    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, h.url);
    const provider = page.getByRole('combobox', { name: 'Provider' });
    const operation = page.getByRole('combobox', { name: 'Operation type' });
    // Beside the other filters, in the order of the form, by keyboard.
    await page.getByRole('combobox', { name: 'Status' }).focus();
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('provider');
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('type');
    expect(await provider.locator('option').allTextContents()).toEqual(['Any provider', 'Adyen', 'Oney', 'PayPal', 'Worldline', 'Fake PSP']);
    expect(await operation.locator('option').allTextContents()).toEqual(['Any type', 'authorization', 'payment', 'capture', 'void', 'refund']);

    await provider.selectOption('fake');
    await operation.selectOption(type);
    await page.getByRole('button', { name: 'Search' }).click();
    await settle(() => hashOf(page), (hash) => hash.includes('provider=fake'));
    expect(await hashOf(page)).toContain(`type=${type}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('button', { name: 'Previous page' }));
    expect([await provider.inputValue(), await operation.inputValue()]).toEqual(['fake', type]);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByRole('button', { name: 'Next page' }));
    expect([await provider.inputValue(), await operation.inputValue()]).toEqual(['fake', type]);

    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/transactions?')) asked.push(new URL(request.url()).searchParams);
    });
    await page.getByLabel('Created from').fill(DAY);
    await page.getByLabel('Created until (inclusive)').fill(DAY);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    const rows = csvRows((await readFile(await download.path())).toString('utf8'));
    expect(rows.map((r) => r['transactionId'])).toEqual(expected);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((q) => q.get('provider') === 'fake' && q.get('type') === type)).toBe(true);

    // As they stand in the form, searched or not: a provider without operations gives the header alone.
    await provider.selectOption('adyen');
    const [none] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    expect(csvRows((await readFile(await none.path())).toString('utf8'))).toEqual([]);

    // The address holds them: after a reload (which signs out) and a new sign-in, they are chosen again.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    expect([await provider.inputValue(), await operation.inputValue()]).toEqual(['fake', type]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('announces a long export at its start, every 10 pages and at its end, while the visible count follows every page', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url);
    await page.route('**/api/transactions?*', async (route: Route) => {
      const n = Number(new URL(route.request().url()).searchParams.get('cursor') ?? 0);
      const transactions = Array.from({ length: 100 }, (_, i) => ({
        sessionId: '00000000-0000-4000-8000-000000000001',
        merchantId: 'demo',
        orderId: `bulk-${n}-${i}`,
        attemptId: '00000000-0000-4000-8000-000000000002',
        method: 'card',
        provider: 'fake',
        transaction: { transactionId: `t-${n}-${i}`, createdAt: Date.UTC(2026, 0, 1), updatedAt: Date.UTC(2026, 0, 1), type: 'payment', amount: { amount: 100, currency: 'EUR' }, status: { kind: 'succeeded' } },
      }));
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(n < 34 ? { transactions, nextCursor: String(n + 1) } : { transactions }) });
    });
    // Every text the live region and the visible count take, in order.
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): object | null } }).document;
      const seen: Record<string, string[]> = { status: [], progress: [] };
      (globalThis as unknown as { seen: Record<string, string[]> }).seen = seen;
      const MutationObserverOf = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(n: object, o: object): void } }).MutationObserver;
      for (const [key, selector] of [['status', '.export [role="status"]'], ['progress', '.export .export-progress']] as const) {
        const node = doc.querySelector(selector) as { textContent: string } | null;
        if (!node) throw new Error(`no ${selector}`);
        new MutationObserverOf(() => {
          if (node.textContent && node.textContent !== seen[key]!.at(-1)) seen[key]!.push(node.textContent);
        }).observe(node, { childList: true, characterData: true, subtree: true });
      }
    });
    await page.getByLabel('Created from').fill(DAY);
    await page.getByLabel('Created until (inclusive)').fill(DAY);
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    await visible(page.getByRole('status').filter({ hasText: '3,500 operations exported to' }));
    const seen = await page.evaluate(() => (globalThis as unknown as { seen: { status: string[]; progress: string[] } }).seen);
    // 35 pages read in far less than 2 s: said 5 times, not 37.
    expect(seen.status).toEqual([
      'Export started.',
      '1,000 operations read…',
      '2,000 operations read…',
      '3,000 operations read…',
      '3,500 operations exported to splitpay-transactions-demo-2026-01-01-to-2026-01-01.csv.',
    ]);
    // Shown on every page: the start, then each of the 35 counts.
    expect(seen.progress).toHaveLength(36);
    expect(seen.progress[0]).toBe('Export started.');
    expect(seen.progress.at(-1)).toBe('3,500 operations read…');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('speaks French in the two filters, which break no accessibility rule', async () => {
    // axe is injected as a script, which the page's CSP refuses: this page alone bypasses it.
    const { page } = await newWatchedPage(demo.browser(), 'fr-FR', { bypassCSP: true });
    await page.goto(`${demo.service().url}/dashboard`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Paiements' }));
    const provider = page.getByRole('combobox', { name: 'Prestataire' });
    const operation = page.getByRole('combobox', { name: "Type d'opération" });
    expect(await provider.locator('option').first().textContent()).toBe('Tous les prestataires');
    expect(await operation.locator('option').allTextContents()).toEqual(['Tous les types', 'autorisation', 'paiement', 'encaissement', 'annulation', 'remboursement']);
    expect(await provider.getAttribute('aria-describedby')).toBe(await operation.getAttribute('aria-describedby'));
    await provider.selectOption('paypal');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
