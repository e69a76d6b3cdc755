import type { Browser } from 'playwright-core';
import { DemoCheckoutPage } from '../support/browser/demo-checkout.page';
import { keepEvidence, launchChromium, openPage, startDemoService } from '../support/browser/elements-browser';
import { useServiceBehindPath } from '../support/service-behind-path';

jest.setTimeout(90_000);

const PREFIX = '/checkout';

/**
 * PUBLIC_BASE_URL with a path, the service behind a proxy that strips it (and answers 404 for
 * anything outside it): the demo page, its assets, the components' SDK, the shop's orders and inbox,
 * the elements doors, the fake provider's page and the order's return address are all reached under the path.
 */
describe('the demo checkout in Chromium when PUBLIC_BASE_URL has a path', () => {
  const service = useServiceBehindPath(PREFIX, (base) => startDemoService({ PUBLIC_BASE_URL: base }));
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an order and pays it by card through the proxy, every request of the page under the path', async () => {
    const { context, page, problems } = await openPage(browser);
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    try {
      const shop = new DemoCheckoutPage(page, service.base());
      await shop.openWithTerms();
      expect(new URL(page.url()).pathname).toBe(`${PREFIX}/demo`);
      expect(shop.orderId()).toMatch(/^demo-/);
      // The 3-D Secure card leaves for the fake provider's page and comes back by the order's return address.
      await shop.payByCard('120.00', '4000000000003220');
      await shop.throughFakePsp('3-D Secure check', 'Authenticate');
      await shop.completed();
      expect(new URL(page.url()).pathname).toBe(`${PREFIX}/demo`);
      await page.getByText('session-ended PAID').waitFor();

      await page.getByRole('link', { name: 'Français' }).click();
      await page.waitForURL((url) => url.pathname === `${PREFIX}/demo` && url.searchParams.get('lang') === 'fr');

      expect(paths.filter((path) => !path.startsWith(`${PREFIX}/`) && path !== '/favicon.ico')).toEqual([]);
      expect(paths).toEqual(
        expect.arrayContaining([
          `${PREFIX}/demo/assets/demo.js`,
          `${PREFIX}/demo/assets/demo.css`,
          `${PREFIX}/elements/sdk/v1/splitpay.js`,
          `${PREFIX}/demo/orders`,
          `${PREFIX}/demo/webhooks`,
          `${PREFIX}/elements/session`,
          `${PREFIX}/elements/session/attempts`,
        ]),
      );
      expect(problems.list).toEqual([]);
    } finally {
      await keepEvidence(page, 'demo checkout behind a path');
      await context.close();
    }
  });
});
