import type { SessionView } from '@splitpay/domain';
import type { Page } from 'playwright-core';
import { goToAddress, hashOf, newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(120_000);

const NOTICE = 'The page this address named could not be found (an old or edited address); the first page is shown.';

/** The notice drawn above the list (the same words are also said through the page's live region). */
const notice = (page: Page) => page.locator('.results p.notice', { hasText: NOTICE });
const shownPayments = (page: Page) => page.locator('table.payments tbody th').allTextContents();
const operationRows = (page: Page) => page.locator('table.operations-list tbody tr').count();

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
    for (let i = 0; i < 2; i++) {
      h.clock.advance(1);
      const paid = await h.openPage({ currency: 'EUR', total: 1_000 + i, orderId: `refused-cursor-${i}-${suffix}`, methods: [{ method: 'card' }] }, DEMO);
      await paid.page.payByCard('card', 1_000 + i);
      expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    }
    await h.runWorkers();
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
