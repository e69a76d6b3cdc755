import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * Where focus lands after the payer acts: a control that disappears or is disabled while a request
 * runs must not leave focus on the page's body (a keyboard or screen-reader payer would start over
 * from the top of the merchant's page).
 */
describe('demo checkout in Chromium: focus after the payer acts', () => {
  const suite = useDemoBrowser();

  it('keeps focus on the amount field when "Pay all of the remaining" fills it (the button goes away)', async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    await shop.amountField().fill('40.00');
    await page.getByRole('button', { name: 'Pay all of the remaining €120.00' }).focus();
    await page.keyboard.press('Enter');

    await expect(shop.amountField().inputValue()).resolves.toBe('120.00');
    await expect(shop.focusedName()).resolves.toBe('input:text Amount to pay with this method');
    expect(problems.list).toEqual([]);
  });

  it('gives focus back to Pay after a failed start (the connection dropped), so Enter tries again', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.cardTrancheReady('40.00', CARD.approved);
    await page.route('**/elements/session/attempts', (route) => route.abort('internetdisconnected'));
    await shop.payButton().focus();
    await page.keyboard.press('Enter');

    await page.getByText('The connection failed. Check it and try again.').first().waitFor();
    await expect(shop.focusedName()).resolves.toBe('button:button Pay €40.00 with Card');
    await page.unroute('**/elements/session/attempts');
    await shop.fillCard(CARD.approved);
    await shop.payButton().focus();
    await page.keyboard.press('Enter');
    await shop.remainingIs('€80.00');
    expect(problems.list).toEqual([]);
  });

  it('says a removed tranche was released and what remains, and puts focus on the method choice', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();
    await expect(shop.status().textContent()).resolves.toBe('€40.00 held on Card; €80.00 remaining.');

    await page.getByRole('button', { name: 'Remove the €40.00 Card payment' }).focus();
    await page.keyboard.press('Enter');

    await shop.remainingIs('€120.00');
    await page.getByRole('status').filter({ hasText: 'The €40.00 Card payment was removed; €120.00 remaining.' }).waitFor();
    await shop.focusIsOn(shop.method('Card'));
    await expect(shop.focusedName()).resolves.toBe('input:radio Card');
    expect(problems.list).toEqual([]);
  });
});
