import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * Back from a PSP's page where the payer gave up, the checkout mounts again: it says what became of
 * that payment (nothing was taken) rather than showing the form as if nothing had happened.
 */
describe('demo checkout in Chromium: back from a PSP page', () => {
  const suite = useDemoBrowser();

  it('says the payment cancelled on the PSP page took nothing, on the page and to screen readers, then another method pays', async () => {
    const { page, problems } = suite;
    const shop = suite.shop();
    await shop.openWithTerms();
    await shop.method('PayPal').check();
    await shop.payButton().click();
    await shop.atFakePsp('Cancel and go back');

    const told = 'Your PayPal payment of €120.00 was cancelled. Nothing was taken.';
    await page.getByRole('region', { name: 'Your payments' }).getByText(told).waitFor();
    await page.getByRole('status').filter({ hasText: told }).waitFor();
    await shop.remainingIs('€120.00');

    await shop.payByCard('120.00', '4111111111111111');
    await shop.completed();
    expect(problems.list).toEqual([]);
  });
});
