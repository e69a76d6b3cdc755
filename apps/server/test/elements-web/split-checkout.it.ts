import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServiceHarness } from '../support/service-harness';
import { DemoCheckoutPage } from '../support/browser/demo-checkout.page';
import { keepEvidence, launchChromium, openPage, startDemoService, type PageProblems } from '../support/browser/elements-browser';

describe('demo checkout in Chromium: splitting one order', () => {
  let h: ServiceHarness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let shop: DemoCheckoutPage;

  beforeAll(async () => {
    [h, browser] = await Promise.all([startDemoService(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });
  beforeEach(async () => {
    ({ context, page, problems } = await openPage(browser));
    shop = new DemoCheckoutPage(page, h.url);
  });
  afterEach(async () => {
    if (expect.getState().assertionCalls === 0 || problems.list.length > 0) await keepEvidence(page, expect.getState().currentTestName ?? 'test');
    await context.close();
  });

  it('pays €40.00 by card and the remaining €80.00 with ANCV vouchers: PAID, and the session-ended webhook reaches the inbox', async () => {
    await shop.open();
    await expect(shop.remaining().textContent()).resolves.toBe('Remaining to pay: €120.00 of €120.00');
    await shop.acceptTerms();
    await shop.method('Card').check();
    await shop.amountField().fill('40.00');
    await expect(shop.payButton().textContent()).resolves.toBe('Pay €40.00 with Card');
    await shop.fillCard('4111111111111111');
    await shop.payButton().click();

    await page.getByText('Remaining to pay: €80.00 of €120.00').waitFor();
    await expect(page.getByRole('listitem').filter({ hasText: 'held' }).textContent()).resolves.toContain('€40.00');

    await shop.method('Chèques-Vacances (ANCV)').check();
    await expect(shop.amountField().inputValue()).resolves.toBe('80.00');
    await expect(shop.payButton().textContent()).resolves.toBe('Pay €80.00 with Chèques-Vacances (ANCV)');
    await shop.payButton().click();
    await shop.atFakePsp('Approve');

    await page.getByRole('heading', { name: 'Payment complete. Thank you!' }).waitFor();
    await expect(shop.remaining().textContent()).resolves.toBe('Remaining to pay: €0.00 of €120.00');
    await shop.inbox().filter({ hasText: 'session-ended PAID' }).waitFor();
    expect(problems.list).toEqual([]);
  });
});
