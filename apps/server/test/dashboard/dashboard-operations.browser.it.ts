import { readFile } from 'node:fs/promises';
import type { SessionView } from '@splitpay/domain';
import type { Page, Route } from 'playwright-core';
import { accessibilityViolations, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(120_000);

const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' };
// The service's clock stands at 2026-01-01 00:00 UTC: 1 January in Paris, the page's zone.
const DAY = '2026-01-01';

/** The file's rows as column → value (no field of these rows is quoted: ids, types, providers). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
  const names = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
}

async function signedIn(page: Page, url: string, view = ''): Promise<void> {
  await page.goto(`${url}/dashboard${view}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await visible(page.getByRole('heading', { level: 1, name: view.startsWith('#/operations') ? 'Operations' : 'Payments' }));
}

/** What the page runs in, typed by hand (the test project has no DOM library). */
interface InPage {
  location: { hash: string };
  document: { activeElement: { tagName: string; textContent: string; getAttribute(n: string): string | null } | null };
}
const hashOf = (page: Page) => page.evaluate(() => (globalThis as unknown as InPage).location.hash);
const active = (page: Page) =>
  page.evaluate(() => {
    const element = (globalThis as unknown as InPage).document.activeElement;
    return { tag: element?.tagName, name: element?.getAttribute('name'), text: element?.textContent };
  });

interface Operation {
  orderId: string;
  sessionId: string;
  provider: string;
  method: string;
  transaction: { transactionId: string; type: string; providerRef?: string; status: { kind: string }; amount: { amount: number; currency: string } };
}
interface OperationPage {
  transactions: Operation[];
  nextCursor?: string;
}

describe('dashboard: the Operations view beside the payments, in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);
  const refundedOrder = `ops-refunded-${suffix}`;
  let refundedSession = '';

  /** GET /api/transactions as the merchant's own client sees it, with the query the page should send. */
  const search = async (query: string): Promise<OperationPage> => {
    const h = demo.service();
    const res = await fetch(`${h.url}/api/transactions?${query}`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as OperationPage;
  };

  /** The table's rows as the page shows them: order reference and PSP reference (each operation's own). */
  const shownRows = (page: Page) =>
    page.locator('table.operations-list tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = (row as unknown as { querySelectorAll(s: string): { textContent: string }[] }).querySelectorAll('th, td');
        return [cells[1]?.textContent ?? '', cells[7]?.textContent ?? ''];
      }),
    );
  const expectedRows = (answer: OperationPage) => answer.transactions.map((t) => [t.orderId, t.transaction.providerRef ?? '']);

  beforeAll(async () => {
    const h = demo.service();
    // Eleven paid orders on the fake PSP (more than one page of 20 operations), then part of one refunded.
    for (let i = 0; i < 11; i++) {
      h.clock.advance(1);
      const orderId = i === 0 ? refundedOrder : `ops-${i}-${suffix}`;
      const paid = await h.openPage({ currency: 'EUR', total: 1_000 + i, orderId, methods: [{ method: 'card' }] }, DEMO);
      if (i === 0) refundedSession = paid.sessionId;
      await paid.page.payByCard('card', 1_000 + i);
      expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    }
    await h.runWorkers();
    h.clock.advance(1);
    const refund = await fetch(`${h.url}/api/sessions/${refundedSession}`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } });
    const attemptId = ((await refund.json()) as { attempts: { attemptId: string }[] }).attempts[0]?.attemptId;
    const refunded = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}`, 'Content-Type': 'application/json', 'Idempotency-Key': `ops-${suffix}` },
      body: JSON.stringify({ amount: 250 }),
    });
    expect(refunded.status).toBe(202);
    await h.runWorkers();
  }, 90_000);

  it('lists the operations with their own address: filtered, paged, reloaded, each leading to its payment, and exports what the filters select', async () => {
    const h = demo.service();
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, h.url);
    const nav = page.getByRole('navigation', { name: 'Lists' });
    // The payments list no longer carries the operations' filters or their export.
    expect(await nav.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('combobox', { name: 'Provider' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export operations (CSV)' }).count()).toBe(0);

    // By keyboard: after the header's Sign out come the two lists.
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Tab');
    expect((await active(page)).text).toBe('Payments');
    await page.keyboard.press('Tab');
    expect((await active(page)).text).toBe('Operations');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    expect(await hashOf(page)).toBe('#/operations');
    expect(await nav.getByRole('link', { name: 'Operations' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBeNull();

    // Newest first, as the service answers, one page of 20, each row with its facts.
    const table = page.getByRole('table', { name: 'Operations, newest first, page 1' });
    await visible(table);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Date', 'Order reference', 'Type', 'Provider', 'Method', 'Status', 'Amount', 'Provider reference']);
    const first = await search('limit=20');
    expect(await shownRows(page)).toEqual(expectedRows(first));
    const newest = first.transactions[0]!;
    const cells = await table.locator('tbody tr').first().locator('th, td').allTextContents();
    expect(cells.slice(1)).toEqual([newest.orderId, newest.transaction.type, 'Fake PSP', 'Card (Visa)', newest.transaction.status.kind, expect.stringMatching(/^€\d+\.\d{2}$/), newest.transaction.providerRef ?? '']);
    expect(cells[0]).toMatch(/2026/);
    await visible(page.getByRole('status').filter({ hasText: '20 operations on page 1.' }));

    // The filters in keyboard order: reference, provider, type, status, days (a date field takes a Tab per part).
    await page.getByLabel('Order reference').focus();
    const order: (string | null | undefined)[] = [];
    for (let i = 0; i < 12 && order.at(-1) !== 'to'; i++) {
      await page.keyboard.press('Tab');
      const { name } = await active(page);
      if (name !== order.at(-1)) order.push(name);
    }
    expect(order).toEqual(['provider', 'type', 'status', 'from', 'to']);
    const provider = page.getByRole('combobox', { name: 'Provider' });
    const operation = page.getByRole('combobox', { name: 'Operation type' });
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.locator('option').allTextContents()).toEqual(['Any status', 'pending', 'succeeded', 'failed', 'cancelled']);
    // The demo account's contracts are all on the fake PSP (D66: the select offers the account's providers).
    expect(await provider.locator('option').allTextContents()).toEqual(['Any provider', 'Fake PSP']);
    expect(await operation.locator('option').allTextContents()).toEqual(['Any type', 'authorization', 'payment', 'capture', 'void', 'refund']);

    // By provider: two pages, walked with Next and Previous, the filter kept.
    await provider.selectOption('fake');
    await page.getByRole('button', { name: 'Search' }).click();
    await settle(() => hashOf(page), (hash) => hash === '#/operations?provider=fake');
    expect(await hashOf(page)).toBe('#/operations?provider=fake');
    const byProvider = await search('limit=20&provider=fake');
    expect(byProvider.nextCursor).toBeDefined();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await shownRows(page)).toEqual(expectedRows(byProvider));
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 2' }));
    expect((await active(page)).tag).toBe('TABLE');
    expect(await shownRows(page)).toEqual(expectedRows(await search(`limit=20&provider=fake&cursor=${encodeURIComponent(byProvider.nextCursor!)}`)));
    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await shownRows(page)).toEqual(expectedRows(byProvider));
    expect(await provider.inputValue()).toBe('fake');

    // The refunds of the fake PSP, with the refund's own status.
    const refunds = await search('limit=20&provider=fake&type=refund');
    expect(refunds.transactions.map((t) => t.orderId)).toEqual([refundedOrder]);
    const verdict = refunds.transactions[0]!.transaction.status.kind;
    await operation.selectOption('refund');
    await status.selectOption(verdict);
    await page.getByRole('button', { name: 'Search' }).click();
    const filtered = `#/operations?provider=fake&type=refund&status=${verdict}`;
    await settle(() => hashOf(page), (hash) => hash === filtered);
    expect(await hashOf(page)).toBe(filtered);
    await visible(page.getByRole('status').filter({ hasText: '1 operation on page 1.' }));
    expect(await shownRows(page)).toEqual(expectedRows(refunds));

    // A reload keeps the view and its filters (after signing in again: tokens live in memory only).
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    expect(await hashOf(page)).toBe(filtered);
    expect([await provider.inputValue(), await operation.inputValue(), await status.inputValue()]).toEqual(['fake', 'refund', verdict]);
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await shownRows(page)).toEqual(expectedRows(refunds));

    // A row leads to its payment; Back returns to the filtered operations, Forward to the payment.
    await page.getByRole('link', { name: refundedOrder }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${refundedOrder}` }));
    expect(await hashOf(page)).toBe(`#/sessions/${refundedSession}?back=operations&provider=fake&type=refund&status=${verdict}`);
    expect(await nav.locator('[aria-current]').count()).toBe(0);
    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    expect(await operation.inputValue()).toBe('refund');
    await page.goForward();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${refundedOrder}` }));
    await page.goBack();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));

    // The export takes what the filters select: its rows are the search's with the same filters.
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/transactions?') && request.url().includes('limit=100')) asked.push(new URL(request.url()).searchParams);
    });
    await page.getByLabel('Created from').fill(DAY);
    await page.getByLabel('Created until (inclusive)').fill(DAY);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    const query = asked[0]!;
    const same = await search(`limit=100&provider=fake&type=refund&status=${verdict}&from=${query.get('from')}&to=${query.get('to')}`);
    const rows = csvRows((await readFile(await download.path())).toString('utf8'));
    expect(rows.map((r) => r['transactionId'])).toEqual(same.transactions.map((t) => t.transaction.transactionId));
    expect(rows.map((r) => r['orderId'])).toEqual([refundedOrder]);
    expect(asked.every((q) => q.get('provider') === 'fake' && q.get('type') === 'refund' && q.get('status') === verdict)).toBe(true);

    // The export reads the filters as they stand, searched or not: a type without operations gives the header alone.
    await operation.selectOption('void');
    const [none] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export operations (CSV)' }).click()]);
    expect(csvRows((await readFile(await none.path())).toString('utf8'))).toEqual([]);

    // Nothing found is said in words.
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('No operation matches these filters.').first());
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says a failed read on the page, and after a lapsed sign-in (401) returns to the operations', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/operations?type=refund');
    await page.route('**/api/transactions?*', (route: Route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Something went wrong. Try again later.' }));

    await page.unroute('**/api/transactions?*');
    await page.route('**/api/transactions?*', (route: Route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'Unauthorized', message: 'lapsed' }) }));
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('fake');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('Your sign-in has lapsed. Sign in again.'));
    await page.unroute('**/api/transactions?*');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    expect(await hashOf(page)).toBe('#/operations?provider=fake&type=refund');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    await page.context().close();
  });

  it('an empty page that has a next one says to see it (D155-d), in English and in French, not that nothing matches', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    // The service's page whose entries all lagged their operations: no item, a next cursor.
    await page.route('**/api/transactions?*', (route: Route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      const body = cursor === null ? { transactions: [], nextCursor: 'lagging-1' } : { transactions: [] };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await signedIn(page, demo.service().url, '#/operations?status=pending');
    await visible(page.getByText('Nothing on this page: see the next one.').first());
    expect(await page.getByText('No operation matches these filters.').count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Next page' }));

    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByText('Rien sur cette page : voyez la suivante.').first());
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await visible(page.getByText('Aucune opération ne correspond à ces filtres.').first());
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('announces a long export at its start, every 10 pages and at its end, while the visible count follows every page', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/operations');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
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

  it('breaks no accessibility rule on the operations, in English and in French', async () => {
    // axe is injected as a script, which the page's CSP refuses: this page alone bypasses it.
    const { page } = await newWatchedPage(demo.browser(), 'en-GB', { bypassCSP: true });
    await signedIn(page, demo.service().url, '#/operations');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('fake');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('heading', { level: 1, name: 'Opérations' }));
    await visible(page.getByRole('table', { name: 'Opérations, de la plus récente à la plus ancienne, page 1' }));
    const nav = page.getByRole('navigation', { name: 'Listes' });
    expect(await nav.getByRole('link', { name: 'Opérations' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('combobox', { name: 'Prestataire' }).locator('option').first().textContent()).toBe('Tous les prestataires');
    expect(await page.getByRole('combobox', { name: "Type d'opération" }).locator('option').allTextContents()).toEqual(['Tous les types', 'autorisation', 'paiement', 'encaissement', 'annulation', 'remboursement']);
    expect(await page.getByRole('combobox', { name: 'Statut' }).locator('option').first().textContent()).toBe('Tous les statuts');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Nothing found, said in French, breaks no rule either.
    await page.getByRole('combobox', { name: "Type d'opération" }).selectOption('void');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await visible(page.getByText('Aucune opération ne correspond à ces filtres.').first());
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
