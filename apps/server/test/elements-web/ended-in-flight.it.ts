import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * The payer cancels the whole payment while a PayPal tranche still waits on PayPal's page: the page
 * never says "in progress" beside "Nothing was taken". The tranche is being released, and the page
 * keeps reading the session (slowly) until it settles, even once PayPal's page is approved after all.
 */
describe('demo checkout in Chromium: a tranche in flight when the payment is cancelled', () => {
  const suite = useDemoBrowser();

  it('cancelled with PayPal pending: its row says "being released" until the service has handed it back, then goes', async () => {
    const { page, context, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.holdOnCard('45.67', '€74.33');
    await shop.method('PayPal').check();
    await shop.payButton().click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    const atPsp = page.url();
    await page.goBack();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
    await page.getByRole('heading', { name: 'The payment was cancelled. Nothing was taken.' }).waitFor();

    const rows = page.locator('.sp-ledger__row');
    await rows.filter({ hasText: 'PayPal' }).filter({ hasText: 'being released' }).waitFor();
    await expect(page.locator('.sp-chip', { hasText: 'in progress' }).count()).resolves.toBe(0);

    // PayPal's page, still open in another tab, is approved after all: the service hands that back too.
    const psp = await context.newPage();
    await psp.goto(atPsp);
    await psp.getByRole('button', { name: /^Approve$/ }).click();
    await psp.close();
    await rows.first().waitFor({ state: 'detached', timeout: 45_000 });
    await expect(page.getByRole('heading', { name: 'The payment was cancelled. Nothing was taken.' }).count()).resolves.toBe(1);
    expect(problems.list).toEqual([]);
  });
});
