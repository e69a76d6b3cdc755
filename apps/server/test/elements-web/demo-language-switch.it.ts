import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * The demo's language links carry the order on the page: a payer switching language mid-payment sees the
 * same order (and its hold) in the other language, not a new order while the first one's hold stays reserved.
 */
describe('demo checkout in Chromium: switching language mid-payment', () => {
  const suite = useDemoBrowser();

  it('"Français" after a €40.00 hold shows the same order in French, €80.00 still to pay, and creates no other order', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();
    const orderId = shop.orderId();

    await page.getByRole('link', { name: 'Français' }).click();
    await page.getByText(/^Reste à payer/).waitFor();
    await expect(page.getByText(/^Reste à payer/).textContent().then((text) => text?.replace(/\s/g, ' '))).resolves.toBe('Reste à payer : 80,00 € sur 120,00 €');

    expect(shop.orderId()).toBe(orderId);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    expect(suite.postsTo('/demo/orders')).toHaveLength(1);

    // And back: the English link of the French page carries the order too.
    await page.getByRole('link', { name: 'English' }).click();
    await shop.remainingIs('€80.00');
    expect(shop.orderId()).toBe(orderId);
    expect(suite.postsTo('/demo/orders')).toHaveLength(1);
    expect(problems.list).toEqual([]);
  });

  it('back from PayPal after switching to French, the page is still in French (the way back names no language, D146-c)', async () => {
    const { page, shop, problems } = suite;
    await shop.open('en');
    await page.getByRole('link', { name: 'Français' }).click();
    await page.getByText(/^Reste à payer/).waitFor();
    await shop.acceptTerms();

    await shop.payOnPspPage('PayPal', 'Cancel and go back');
    await page.locator('.sp-notice', { hasText: 'Votre paiement PayPal de 120,00 € a été annulé. Rien n’a été prélevé.' }).waitFor();
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('fr');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    expect(problems.list).toEqual([]);
  });

  it('an order created in French and switched to English comes back from PayPal in English', async () => {
    const { page, shop, problems } = suite;
    await shop.open('fr');
    await page.getByRole('link', { name: 'English' }).click();
    await shop.remainingIs('€120.00');
    await shop.acceptTerms();

    await shop.payOnPspPage('PayPal', 'Cancel and go back');
    await page.locator('.sp-notice', { hasText: 'Your PayPal payment of €120.00 was cancelled. Nothing was taken.' }).waitFor();
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('en');
    expect(problems.list).toEqual([]);
  });
});
