import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

describe('demo checkout in Chromium: splitting one order', () => {
  const suite = useDemoBrowser();

  it('pays €40.00 by card and the remaining €80.00 with ANCV vouchers: PAID, and the session-ended webhook reaches the inbox', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    await expect(shop.remaining().textContent()).resolves.toBe('Remaining to pay: €120.00 of €120.00');
    await shop.acceptTerms();
    await shop.method('Card').check();
    await shop.amountField().fill('40.00');
    await expect(shop.payButton().textContent()).resolves.toBe('Pay €40.00 with Card');
    await expect(page.getByText('After this payment, €80.00 will remain').count()).resolves.toBe(1);
    await shop.fillCard(CARD.approved);
    await shop.payButton().click();

    await shop.remainingIs('€80.00');
    await expect(shop.ledger().filter({ hasText: 'held' }).textContent()).resolves.toContain('€40.00');
    await expect(shop.status().textContent()).resolves.toBe('€40.00 held on Card; €80.00 remaining.');

    await shop.method('Chèques-Vacances (ANCV)').check();
    await expect(shop.amountField().inputValue()).resolves.toBe('80.00');
    await expect(shop.payButton().textContent()).resolves.toBe('Pay €80.00 with Chèques-Vacances (ANCV)');
    await shop.payButton().click();
    await shop.atFakePsp('Approve');

    await shop.completed();
    await expect(shop.remaining().textContent()).resolves.toBe('Remaining to pay: €0.00 of €120.00');
    await expect(page.getByRole('button', { name: /^Pay / }).count()).resolves.toBe(0);
    await shop.inbox().filter({ hasText: 'session-ended PAID' }).waitFor();
    expect(problems.list).toEqual([]);
  });

  it('abandons after a €40.00 hold: the confirmation, then ABORTED, onEnd once, and the ending in the inbox', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();

    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByText('Cancel the whole payment? Amounts held will be released.').waitFor();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();

    await page.getByRole('heading', { name: 'The payment was cancelled. Nothing was taken.' }).waitFor();
    await shop.inbox().filter({ hasText: 'session-ended ABORTED' }).waitFor();
    await expect(shop.eventLog().filter({ hasText: 'end: ' }).allTextContents()).resolves.toEqual([expect.stringContaining('end: ABORTED')]);
    expect(problems.list).toEqual([]);
  });

  it('splits the order with the keyboard alone, in a sensible focus order', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    const tab = async (): Promise<string> => {
      await page.keyboard.press('Tab');
      return shop.focusedName();
    };
    // The shop's own controls come first: the language links and the new-order button.
    await expect(tab()).resolves.toBe('a English');
    await expect(tab()).resolves.toBe('a Français');
    await expect(tab()).resolves.toBe('button:button New order');
    await expect(tab()).resolves.toBe('input:radio Card');
    await expect(tab()).resolves.toBe('input:text Amount to pay with this method');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('40');
    await expect(tab()).resolves.toBe('button:button Pay all of the remaining €120.00');
    await expect(tab()).resolves.toBe('input:text Card number');
    await page.keyboard.type(CARD.approved);
    await expect(tab()).resolves.toBe('input:text Expiry date');
    await page.keyboard.type('12/30');
    await expect(tab()).resolves.toBe('input:text Security code');
    await page.keyboard.type('123');
    await expect(tab()).resolves.toBe('input:checkbox I accept the terms of sale:');
    await page.keyboard.press('Space');
    await expect(shop.focusedName()).resolves.toBe('input:checkbox I accept the terms of sale:');
    await expect(tab()).resolves.toBe('a Terms of sale');
    await expect(tab()).resolves.toBe('button:button Pay €40.00 with Card');
    await page.keyboard.press('Enter');

    await shop.remainingIs('€80.00');
    // Back on the form, focus is on the chosen method; the arrows choose the next one.
    await page.getByRole('radio', { name: 'Card' }).evaluate((el) => el.ownerDocument.activeElement === el).then((isFocused) => expect(isFocused).toBe(true));
    await page.keyboard.press('ArrowDown');
    await expect(shop.focusedName()).resolves.toBe('input:radio Chèques-Vacances (ANCV)');
    await expect(tab()).resolves.toBe('input:text Amount to pay with this method');
    await expect(tab()).resolves.toBe('button:button Pay €80.00 with Chèques-Vacances (ANCV)');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/fake-psp\/pay\//);
    await page.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\?order=/);
    await shop.completed();
    expect(problems.list).toEqual([]);
  });
});
