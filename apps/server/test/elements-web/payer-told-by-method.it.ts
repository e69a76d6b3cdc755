import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * What the payer is told of a redirected method, in Chromium against the demo: a refusal names who
 * refused (PayPal, the lender; never "your bank"), an amount the field cannot read is not on Pay, and
 * back from the PSP's page before doing anything there the page says to finish the payment there (a
 * card's 3-D Secure page: to complete the bank's check).
 */
describe('demo checkout in Chromium: what the page says of PayPal, Oney and a card sent to its bank', () => {
  const suite = useDemoBrowser();

  it('PayPal declined on its page: "PayPal refused it", not the bank', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payOnPspPage('PayPal', /Decline/);
    const notice = page.locator('.sp-notice', { hasText: 'Your PayPal payment of €120.00 was declined: PayPal refused it.' });
    await notice.waitFor();
    await expect(page.locator('#demo-mount').textContent()).resolves.not.toContain('your bank');
    expect(problems.list).toEqual([]);
  });

  it('Oney declined on its page, in French: the lender refused the financing', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms('fr');
    await page.getByRole('radio', { name: 'Paiement en plusieurs fois Oney' }).check();
    await page.getByRole('radio', { name: /^3 fois, sans frais/ }).check();
    await shop.payButton().click();
    await shop.atFakePsp(/Decline/);
    await page.locator('.sp-notice', { hasText: 'a été refusé : le prêteur a refusé le financement.' }).waitFor();
    await expect(page.locator('#demo-mount').textContent()).resolves.not.toContain('votre banque');
    expect(problems.list).toEqual([]);
  });

  it('an amount the field cannot read: Pay names no amount, and pressing it says it is not an amount', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('PayPal').check();
    await shop.amountField().fill('1,5');
    const pay = page.getByRole('button', { name: 'Pay with PayPal' });
    await pay.click();
    await page.locator('.sp-field__error', { hasText: /^Not an amount\. For example: \d+\.\d{2}$/ }).waitFor();
    await expect(page.getByText('€0.00').count()).resolves.toBe(0);
    expect(suite.postsTo('/elements/session/attempts')).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it('back from the PayPal page before doing anything there: "Finish your payment on the PayPal page", not busy, and Continue goes back there', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('PayPal').check();
    await shop.payButton().click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    const atPsp = page.url();
    await page.goBack();

    const heading = page.getByRole('heading', { name: 'Finish your payment on the PayPal page' });
    await heading.waitFor();
    const panel = page.locator('section.sp-panel', { has: heading });
    await expect(panel.getAttribute('aria-busy')).resolves.toBeNull();
    await expect(panel.locator('.sp-spinner').count()).resolves.toBe(0);
    await expect(page.getByText('Confirming your payment…').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Continue with PayPal' }).click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    expect(page.url()).toBe(atPsp);
    expect(problems.list).toEqual([]);
  });

  it('back from the 3-D Secure page of a card: its bank asks to confirm, never a Card page, and Continue goes back there', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payByCard('120.00', CARD.challenged);
    await page.waitForURL(/\/fake-psp\/pay\//);
    const atBank = page.url();
    await page.goBack();

    const heading = page.getByRole('heading', { name: 'Your bank asks you to confirm this payment' });
    await heading.waitFor();
    const panel = page.locator('section.sp-panel', { has: heading });
    await expect(panel.getAttribute('aria-busy')).resolves.toBeNull();
    await expect(page.getByText('Card page').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Continue with your bank' }).click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    expect(page.url()).toBe(atBank);
    expect(problems.list).toEqual([]);
  });
});
