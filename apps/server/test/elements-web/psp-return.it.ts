import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * Back from a PSP's page where the payer gave up, the checkout mounts again: it says what became of
 * that payment (nothing was taken) rather than showing the form as if nothing had happened.
 */
describe('demo checkout in Chromium: back from a PSP page', () => {
  const suite = useDemoBrowser();

  it('says the payment cancelled on the PSP page took nothing, on the page and to screen readers, then another method pays', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payOnPspPage('PayPal', 'Cancel and go back');

    const told = 'Your PayPal payment of €120.00 was cancelled. Nothing was taken.';
    await page.getByRole('region', { name: 'Your payments' }).getByText(told).waitFor();
    await page.getByRole('status').filter({ hasText: told }).waitFor();

    await shop.payTheRestByCard('120.00');
    expect(problems.list).toEqual([]);
  });

  it("back from a PayPal page where the payer gave up, the form is again on PayPal and the amount they had chosen; no card detail is kept, nothing stored in the browser", async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.fillCard(CARD.approved);
    await shop.method('PayPal').check();
    await shop.amountField().fill('30.00');
    await shop.payButton().click();
    await shop.atFakePsp('Cancel and go back');

    await page.getByRole('region', { name: 'Your payments' }).getByText('Your PayPal payment of €30.00 was cancelled. Nothing was taken.').waitFor();
    await shop.remainingIs('€120.00');
    // Read again from the service's view (the cancelled attempt), not from anything the page kept.
    await expect(shop.method('PayPal').isChecked()).resolves.toBe(true);
    await expect(shop.amountField().inputValue()).resolves.toBe('30.00');
    await shop.payButton().filter({ hasText: 'Pay €30.00 with PayPal' }).waitFor();
    await expect(page.evaluate('JSON.stringify([Object.keys(sessionStorage), Object.keys(localStorage)])')).resolves.toBe('[[],[]]');

    await shop.method('Card').check();
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Security code').inputValue()).resolves.toBe('');
    await shop.payTheRestByCard('120.00');
    expect(problems.list).toEqual([]);
  });

  it('a French payer comes back from the PSP page in French', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms('fr');
    await shop.payOnPspPage('PayPal', 'Cancel and go back');

    await expect(page.evaluate('document.documentElement.lang')).resolves.toBe('fr');
    await page.getByText('Reste à payer : 120,00 € sur 120,00 €').waitFor();
    // The way back names no language (the shop remembers the order's, D146-c): the page's address says it once mounted.
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    expect(problems.list).toEqual([]);
  });
});
