import { useDemoMerchantPage } from '../support/browser/demo-merchant-page-browser';

/**
 * A card entry without partialAuth: the fake provider's half-granting card gets a lower grant the
 * service refuses and releases at once (the attempt still AUTHORIZED, `released`, until its void).
 */
describe('payment components in Chromium: a lower grant the service refused', () => {
  const b = useDemoMerchantPage();

  it('says the bank granted less, that the hold is being released and the rest can be paid another way; never that it is held', async () => {
    const { page, problems } = b.current();
    await b.sessionOnPage({ currency: 'EUR', total: 12_000, orderId: 'refused-partial-1', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' });
    const spoken: string[] = [];
    await page.exposeFunction('keepSpoken', (text: string) => spoken.push(text));
    await b.openCheckout();
    await page.getByText('Remaining to pay: €120.00 of €120.00').waitFor();
    // Everything the live regions say, kept as it is said (the polite one is overwritten by later views).
    await page.evaluate(`(() => {
      const regions = document.querySelectorAll('[role="status"], [role="alert"]');
      const observer = new MutationObserver(() => regions.forEach((el) => el.textContent && window.keepSpoken(el.textContent)));
      regions.forEach((el) => observer.observe(el, { childList: true, characterData: true, subtree: true }));
    })()`);

    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Amount to pay with this method').fill('120.00');
    await page.getByLabel('Card number').fill('4000000000000010');
    await page.getByLabel('Expiry date').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay €120.00 with Card' }).click();

    const said = 'Your bank approved only €60.00 of the €120.00 requested on Card. The payment service cannot accept a lower amount, so this hold is being released. Pay the €120.00 remaining another way.';
    await page.getByRole('alert').filter({ hasText: said }).waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { name: 'Partial approval' }).count()).resolves.toBe(0);
    await expect(page.getByText('Remaining to pay: €120.00 of €120.00').count()).resolves.toBe(1);
    // Once the void is confirmed (VOIDED) the row leaves the ledger; until then it says being released, with no action.
    await page.locator('.sp-ledger__row').waitFor({ state: 'detached' });
    expect(spoken).toContain(said);
    expect(spoken.filter((text) => text.includes('held on'))).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});
