import type { SessionView } from '@splitpay/domain';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, hashOf, newWatchedPage, settle, signedIn, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(120_000);


/** The element that has the keyboard focus: its tag and its text, or `BODY` when none does. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    type Focusable = { tagName: string; textContent: string | null };
    const { activeElement: active, body } = (globalThis as unknown as { document: { activeElement: Focusable | null; body: Focusable } }).document;
    if (!active || active === body) return 'BODY';
    return `${active.tagName} ${active.textContent ?? ''}`.trim();
  });
}

interface ListPage {
  rows: string[];
  nextCursor?: string;
}

/** The rows a list shows, each by its header cell (the order reference) and, for operations, its PSP reference. */
const shownOperations = (page: Page) =>
  page.locator('table.operations-list tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = (row as unknown as { querySelectorAll(s: string): { textContent: string }[] }).querySelectorAll('th, td');
      return `${cells[1]?.textContent ?? ''} ${cells[7]?.textContent ?? ''}`;
    }),
  );
const shownPayments = (page: Page) => page.locator('table.payments tbody th').allTextContents();

describe('dashboard: a payment opened from a later page of a list leads back to that page (D70), in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);

  /** One page of GET /api/transactions or GET /api/sessions as the merchant's own client reads it. */
  const read = async (path: 'transactions' | 'sessions', query: string): Promise<ListPage> => {
    const h = demo.service();
    const res = await fetch(`${h.url}/api/${path}?limit=20&${query}`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      nextCursor?: string;
      transactions?: { orderId: string; transaction: { providerRef?: string } }[];
      sessions?: { orderId: string }[];
    };
    const rows = body.transactions?.map((t) => `${t.orderId} ${t.transaction.providerRef ?? ''}`) ?? body.sessions?.map((s) => s.orderId) ?? [];
    return { rows, ...(body.nextCursor ? { nextCursor: body.nextCursor } : {}) };
  };

  beforeAll(async () => {
    const h = demo.service();
    // 41 paid orders: more than two pages of 20 operations, three pages of 20 payments.
    for (let i = 0; i < 41; i++) {
      h.clock.advance(1);
      const paid = await h.openPage({ currency: 'EUR', total: 1_000 + i, orderId: `pages-${String(i).padStart(2, '0')}-${suffix}`, methods: [{ method: 'card' }] }, DEMO);
      await paid.page.payByCard('card', 1_000 + i);
      expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    }
    await h.runWorkers();
  }, 110_000);

  it("Back to operations from a payment of the third page shows that page's rows again, its number said, Previous still walking back", async () => {
    const first = await read('transactions', 'provider=fake');
    const second = await read('transactions', `provider=fake&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const third = await read('transactions', `provider=fake&cursor=${encodeURIComponent(second.nextCursor!)}`);
    const [c2, c3] = [first.nextCursor!, second.nextCursor!];
    const thirdAddress = `#/operations?provider=fake&cursor=${encodeURIComponent(c2)}&cursor=${encodeURIComponent(c3)}`;

    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/operations?provider=fake', 'Operations');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 2' }));
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 3' }));
    expect(await shownOperations(page)).toEqual(third.rows);
    // The address says the page shown (written in place: Next adds no history entry).
    expect(await hashOf(page)).toBe(thirdAddress);

    const row = page.locator('table.operations-list tbody th a').first();
    const orderId = (await row.textContent()) ?? '';
    await row.click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect((await hashOf(page)).replace(/^#\/sessions\/[^?]+/, '')).toBe(`?back=operations&provider=fake&cursor=${encodeURIComponent(c2)}&cursor=${encodeURIComponent(c3)}`);

    await page.getByRole('link', { name: 'Back to operations' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 3' }));
    expect(await hashOf(page)).toBe(thirdAddress);
    expect(await shownOperations(page)).toEqual(third.rows);
    expect(await focused(page)).toBe('H1 Operations');
    await visible(page.getByRole('status').filter({ hasText: `${third.rows.length} operations on page 3.` }));
    expect(await page.getByRole('combobox', { name: 'Provider' }).inputValue()).toBe('fake');

    // The browser's Back from a payment returns to the same page too.
    await page.locator('table.operations-list tbody th a').first().click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    await page.goBack();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 3' }));
    expect(await shownOperations(page)).toEqual(third.rows);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 2' }));
    expect(await shownOperations(page)).toEqual(second.rows);
    expect(await focused(page)).toMatch(/^TABLE Operations, newest first, page 2/);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await shownOperations(page)).toEqual(first.rows);
    expect(await hashOf(page)).toBe('#/operations?provider=fake');

    // A double press on Next moves one page: the second press, while the page is read, follows nothing.
    await page.getByRole('button', { name: 'Next page' }).dblclick();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 2' }));
    expect(await shownOperations(page)).toEqual(second.rows);
    expect(await hashOf(page)).toBe(`#/operations?provider=fake&cursor=${encodeURIComponent(c2)}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Back to payments from a payment of the second filtered page shows that page again', async () => {
    const first = await read('sessions', 'status=PAID');
    const second = await read('sessions', `status=PAID&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const secondAddress = `#/payments?status=PAID&cursor=${encodeURIComponent(first.nextCursor!)}`;

    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/payments?status=PAID', 'Payments');
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 1' }));
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 2' }));
    expect(await shownPayments(page)).toEqual(second.rows);
    expect(await hashOf(page)).toBe(secondAddress);

    const orderId = second.rows[0]!;
    await page.getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect((await hashOf(page)).replace(/^#\/sessions\/[^?]+/, '')).toBe(`?back=payments&status=PAID&cursor=${encodeURIComponent(first.nextCursor!)}`);

    // A reload keeps where Back leads (after signing in again).
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    await page.getByRole('link', { name: 'Back to payments' }).click();
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 2' }));
    expect(await hashOf(page)).toBe(secondAddress);
    expect(await shownPayments(page)).toEqual(second.rows);
    expect(await settle(() => focused(page), (text) => text !== 'BODY')).toBe('H1 Payments');
    await visible(page.getByRole('status').filter({ hasText: `${second.rows.length} payments on page 2.` }));
    expect(await page.getByLabel('Status').inputValue()).toBe('PAID');

    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 1' }));
    expect(await shownPayments(page)).toEqual(first.rows);
    expect(await hashOf(page)).toBe('#/payments?status=PAID');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
