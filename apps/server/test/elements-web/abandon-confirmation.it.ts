import { useDemoBrowser } from '../support/browser/elements-browser';

/** Cancelling the whole payment releases every hold and cannot be undone: one keypress too many must not do it. */
describe('demo checkout in Chromium: the cancel-payment confirmation', () => {
  const suite = useDemoBrowser();

  it('opens on "No, keep paying": Enter pressed twice on "Cancel payment" keeps the payment and its hold', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();

    await page.getByRole('button', { name: 'Cancel payment' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Cancel the whole payment? Amounts held will be released.' }).waitFor();
    await expect(shop.focusedName()).resolves.toBe('button:button No, keep paying');
    await page.keyboard.press('Enter');

    await expect(shop.focusedName()).resolves.toBe('button:button Cancel payment');
    await shop.remainingIs('€80.00');
    expect(suite.postsTo('/elements/session/abandon')).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it('"Yes, cancel the payment": the alert says it was cancelled and the status region no longer says what was held', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();
    // The hold's sentence is said first: the region is emptied when the payment ends, not never filled.
    await page.locator('.sp-root [role="status"]').filter({ hasText: '€40.00 held on Card' }).waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Cancel payment', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();

    await page.locator('.sp-root [role="alert"]').filter({ hasText: 'The payment was cancelled' }).waitFor({ state: 'attached' });
    await expect(page.locator('.sp-root [role="status"]').textContent()).resolves.toBe('');
    expect(problems.list).toEqual([]);
  });

  it('after €33.33 paid with ANCV (a sale, not a hold), the confirmation says paid amounts are refunded, not held ones released', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    await shop.acceptTerms();
    await shop.method('Chèques-Vacances (ANCV)').check();
    await shop.payButton().click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    // The payer validates fewer vouchers than asked: a chosen partial, taken at once.
    await page.getByLabel(/Amount to pay/).fill('3333');
    await shop.atFakePsp('Approve');
    await shop.remainingIs('€86.67');

    await page.getByRole('button', { name: 'Cancel payment', exact: true }).click();

    await page.getByRole('group', { name: 'Cancel the whole payment? Amounts paid will be refunded.' }).waitFor();
    expect(problems.list).toEqual([]);
  });
});
