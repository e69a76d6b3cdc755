import type { SessionView } from '@splitpay/domain';
import type { Page } from 'playwright-core';
import { goToAddress, hashOf, newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import type { ServiceHarness } from '../support/service-harness';

jest.setTimeout(120_000);

const NOTICE = 'The page this address named could not be found (an old or edited address); the first page is shown.';

/** The notice drawn above the list (the same words are also said through the page's live region). */
const notice = (page: Page) => page.locator('.results p.notice', { hasText: NOTICE });
const shownPayments = (page: Page) => page.locator('table.payments tbody th').allTextContents();
const operationRows = (page: Page) => page.locator('table.operations-list tbody tr').count();

/** `count` orders of the demo merchant, each paid in full by one card (a clock tick apart), then captured by the workers. */
async function paidOrders(h: ServiceHarness, count: number, firstTotal: number, orderId: (i: number) => string): Promise<void> {
  for (let i = 0; i < count; i++) {
    h.clock.advance(1);
    const paid = await h.openPage({ currency: 'EUR', total: firstTotal + i, orderId: orderId(i), methods: [{ method: 'card' }] }, DEMO);
    await paid.page.payByCard('card', firstTotal + i);
    expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
  }
  await h.runWorkers();
}

/**
 * A list's address whose cursor the service refuses (D75): a bookmark kept past a change of the cursor
 * key, another search's cursor, a hand-edited one. The list shows its first page, under the same
 * filters, says so, and the address drops the cursors; never the bare refusal without a way back.
 */
describe('dashboard: a list address whose cursor the service refuses shows the first page (D75), in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);
  /** A cursor of GET /api/transactions?provider=fake: genuine, but another search's for the unfiltered list. */
  let fakeProviderCursor = '';

  beforeAll(async () => {
    const h = demo.service();
    await paidOrders(h, 2, 1_000, (i) => `refused-cursor-${i}-${suffix}`);
    const res = await fetch(`${h.url}/api/transactions?limit=1&provider=fake`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } });
    fakeProviderCursor = ((await res.json()) as { nextCursor: string }).nextCursor;
    expect(fakeProviderCursor).toBeTruthy();
  }, 60_000);

  it("Operations at another search's cursor: page 1 of the same filters, the notice said, the address without cursor", async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/operations?cursor=${encodeURIComponent(fakeProviderCursor)}`, 'Operations');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    await visible(notice(page));
    expect(await hashOf(page)).toBe('#/operations');
    expect(await operationRows(page)).toBe(4);
    expect(await page.getByRole('button', { name: 'Previous page' }).count()).toBe(0);
    // The one refused read, and no other: the first page was read once, no loop.
    expect(problems).toEqual(['400 GET /api/transactions']);

    // A page-3 address whose second cursor was edited by hand: the first page of its filters.
    await goToAddress(page, `#/operations?provider=fake&cursor=${encodeURIComponent(fakeProviderCursor)}&cursor=edited-by-hand`);
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await settle(() => hashOf(page), (hash) => hash === '#/operations?provider=fake')).toBe('#/operations?provider=fake');
    await visible(notice(page));
    expect(await page.getByRole('combobox', { name: 'Provider' }).inputValue()).toBe('fake');
    expect(problems).toEqual(['400 GET /api/transactions', '400 GET /api/transactions']);
    await page.context().close();
  });

  it('Payments at an undecodable cursor: page 1 of the same filters, the notice said, the address without cursor; a page that reads well says nothing', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/payments?status=PAID&cursor=not-a-cursor', 'Payments');
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 1' }));
    await visible(notice(page));
    expect(await hashOf(page)).toBe('#/payments?status=PAID');
    expect(await shownPayments(page)).toEqual(expect.arrayContaining([`refused-cursor-0-${suffix}`, `refused-cursor-1-${suffix}`]));
    expect(await page.getByLabel('Status').inputValue()).toBe('PAID');
    expect(problems).toEqual(['400 GET /api/sessions']);

    await goToAddress(page, '#/payments');
    await visible(page.getByRole('table', { name: 'Payments, newest first, page 1' }));
    expect(await notice(page).count()).toBe(0);
    await page.context().close();
  });
});

/**
 * The same refusal met while the list is open (D75): the contact presses Next, and the service no
 * longer accepts the cursor it gave with page 1 (its cursor key rotated, or its cursor format changed,
 * between the two reads). The list shows its first page again, says so, and its address drops the cursor.
 */
describe('dashboard: a cursor refused after Next shows the first page (D75), in Chromium', () => {
  const demo = useDemoDashboard();
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    // An authorization and a capture each: 22 operations, more than the first page's 20.
    await paidOrders(demo.service(), 11, 2_000, (i) => `next-refused-${i}-${suffix}`);
  }, 90_000);

  it('Operations, Next pressed as the cursor stops being accepted: page 1 again, the notice said, the address without cursor; then Next moves on', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/operations', 'Operations');
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await operationRows(page)).toBe(20);

    // Every read that follows a cursor now reaches the service with one it did not sign with its present key.
    const refusedCursor = /\/api\/transactions\?(.*&)?cursor=/;
    await page.route(refusedCursor, (route) => {
      const read = new URL(route.request().url());
      read.searchParams.set('cursor', `${read.searchParams.get('cursor') ?? ''}-under-a-former-key`);
      return route.continue({ url: read.toString() });
    });
    await page.getByRole('button', { name: 'Next page' }).click();

    await visible(notice(page));
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));
    expect(await hashOf(page)).toBe('#/operations');
    expect(await operationRows(page)).toBe(20);
    expect(await page.getByRole('button', { name: 'Previous page' }).count()).toBe(0);
    // The one refused read (the service's own InvalidRequest), then the first page read once: no loop.
    expect(problems).toEqual(['400 GET /api/transactions']);

    // Cursors accepted again: Next reaches page 2, and the notice is gone.
    await page.unroute(refusedCursor);
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 2' }));
    expect(await notice(page).count()).toBe(0);
    expect(await operationRows(page)).toBe(2);
    expect(problems).toEqual(['400 GET /api/transactions']);
    await page.context().close();
  });
});
