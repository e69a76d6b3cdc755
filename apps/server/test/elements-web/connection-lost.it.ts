import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * The components read the session by polling. When the service cannot be reached, the payer is told
 * (on the page and by the status region) instead of facing a blank box or a screen that silently
 * stopped moving, and told again once it answers.
 */
describe('demo checkout in Chromium: the service cannot be reached', () => {
  const suite = useDemoBrowser();
  const lost = 'The payment service cannot be reached. Trying again…';
  /** The notice on the page (the status region says the same to screen readers). */
  const notice = () => suite.page.getByRole('region', { name: 'Payment' }).getByRole('paragraph').filter({ hasText: lost });

  it('says so instead of a blank checkout when the first read fails, then shows the order once it answers', async () => {
    const { page, problems } = suite;
    await page.route('**/elements/session', (route) => route.abort('internetdisconnected'));
    await page.goto(`${suite.h.url}/demo?lang=en`);
    await notice().waitFor();

    await page.unroute('**/elements/session');
    await suite.shop.remaining().waitFor();
    await expect(notice().count()).resolves.toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('says so above the checkout when a later read fails, and that it is back when one succeeds', async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    await shop.amountField().fill('40.00');

    await page.context().setOffline(true);
    // The payer comes back to the tab: the components read the session at once.
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await notice().waitFor();
    await page.getByRole('status').filter({ hasText: lost }).waitFor();
    // What the payer typed stays.
    await expect(shop.amountField().inputValue()).resolves.toBe('40.00');

    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Connected again.' }).waitFor();
    await expect(notice().count()).resolves.toBe(0);
    await expect(shop.amountField().inputValue()).resolves.toBe('40.00');
    expect(problems.list).toEqual([]);
  });
});
