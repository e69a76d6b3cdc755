import { useDemoMerchantPage } from '../support/browser/demo-merchant-page-browser';

/**
 * D61: a session created without returnUrl lists PayPal (it sends the payer to its PSP's page) but
 * not eligible. The page shows it disabled, saying it is not available for this order: the amount
 * has nothing to do with it.
 */
describe('payment components in Chromium: PayPal in a session without returnUrl', () => {
  const b = useDemoMerchantPage();

  it.each([
    ['en', 'Card', 'PayPal', 'Not available for this order', 'Not available for this amount'],
    ['fr', 'Carte', 'PayPal', 'Indisponible pour cette commande', 'Indisponible pour ce montant'],
  ])('shows PayPal disabled, not available for this order, the card still selectable (%s)', async (locale, card, paypal, said, notSaid) => {
    const { page, problems } = b.current();
    await b.sessionOnPage({ currency: 'EUR', total: 12_000, orderId: `no-way-back-${locale}`, methods: [{ method: 'card' }, { method: 'paypal' }] });
    b.shop.mountOptions = `locale: '${locale}'`;
    await b.openCheckout();
    const paypalRadio = page.getByRole('radio', { name: paypal });
    await paypalRadio.waitFor();
    await expect(paypalRadio.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: card }).isEnabled()).resolves.toBe(true);
    const hintId = await paypalRadio.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${hintId}"]`).textContent()).resolves.toBe(said);
    await expect(page.getByText(notSaid).count()).resolves.toBe(0);
    expect(problems.list).toEqual([]);
  });
});
