import { useDemoMerchantPage } from '../support/browser/demo-merchant-page-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * A card entry accepting Mastercard alone: the fake provider's 4111 card runs on Visa, so the service
 * refuses the grant and voids its hold (docs/decisions.md D74). The page says so in words, where and
 * as it says a decline, and the same amount can be paid with another card.
 */
describe('payment components in Chromium: a card network the card entry does not accept', () => {
  const b = useDemoMerchantPage();

  it('says the network is not accepted and names the accepted ones, as a decline is said; a Mastercard then pays the order', async () => {
    const { page, problems } = b.current();
    await b.sessionOnPage({ currency: 'EUR', total: 10_000, orderId: 'refused-network-1', methods: [{ method: 'card', schemes: ['mastercard'] }] });
    await b.openCheckout();
    await page.getByText('Remaining to pay: €100.00 of €100.00').waitFor();

    const payWith = async (cardNumber: string): Promise<void> => {
      await page.getByRole('radio', { name: 'Card' }).check();
      await page.getByLabel('Amount to pay with this method').fill('100.00');
      await page.getByLabel('Card number').fill(cardNumber);
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Pay €100.00 with Card' }).click();
    };
    await payWith(CARD.approved);

    const said = 'Your Card payment of €100.00 was not accepted: this card runs on Visa, which is not accepted here. Please use another card (accepted: Mastercard).';
    // Said at once in the urgent live region, as a decline is, and shown below the payments.
    await page.getByRole('alert').filter({ hasText: said }).waitFor({ state: 'attached' });
    const notice = page.locator('.sp-ledger .sp-notice--danger');
    // The notice also says the typed card was emptied (D27, D83).
    const shown = `${said} Your card details were cleared: type them again to retry.`;
    await expect(notice.textContent()).resolves.toBe(shown);
    // The hold leaves the ledger once voided; the words stay, and the whole amount is still payable by card.
    await page.locator('.sp-ledger__row').waitFor({ state: 'detached' });
    await expect(notice.textContent()).resolves.toBe(shown);
    await expect(page.getByText('Remaining to pay: €100.00 of €100.00').count()).resolves.toBe(1);
    await expect(page.getByRole('radio', { name: 'Card' }).isEnabled()).resolves.toBe(true);

    await payWith(CARD.mastercard);
    await page.getByText('Payment complete. Thank you!').first().waitFor();
    expect(problems.list).toEqual([]);
  });
});
