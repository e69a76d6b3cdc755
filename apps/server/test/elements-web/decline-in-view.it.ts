import type { Page } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { useDemoMerchantPage } from '../support/browser/demo-merchant-page-browser';
import { CARD } from '../support/browser/fake-psp-cards';

const PHONE = { width: 390, height: 844 };

/** The element's box lies inside the viewport (the payer sees it without scrolling). */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  })()`) as Promise<boolean>;
}

/**
 * On a phone, the reason a card took nothing is where the payer looks: focused (a screen reader reads
 * it) and scrolled into view, not left above the viewport while focus sits on the method list (D83).
 */
describe('payment components in Chromium on a phone: a refused card is told in view', () => {
  describe('a declined card on the demo checkout', () => {
    const suite = useDemoBrowser();

    it('focuses the decline notice, which is within the 390x844 viewport', async () => {
      const { page, shop, problems } = suite;
      await page.setViewportSize(PHONE);
      await shop.openWithTerms();
      await shop.payByCard('120.00', CARD.declined);

      const notice = page.locator('.sp-ledger .sp-notice--danger');
      await shop.focusIsOn(notice);
      // The typed card was emptied by the start (D27), and the notice says so.
      await expect(notice.textContent()).resolves.toBe('Your Card payment of €120.00 was declined: your bank refused it. Your card details were cleared: type them again to retry.');
      await expect(inViewport(page, '.sp-ledger .sp-notice--danger')).resolves.toBe(true);
      expect(problems.list).toEqual([]);
    });
  });

  describe('a card refused for its network (D74)', () => {
    const b = useDemoMerchantPage();

    it('focuses the refusal notice, which is within the 390x844 viewport', async () => {
      const { page, problems } = b.current();
      await page.setViewportSize(PHONE);
      await b.sessionOnPage({ currency: 'EUR', total: 10_000, orderId: 'refused-network-phone', methods: [{ method: 'card', schemes: ['mastercard'] }] });
      await b.openCheckout();
      await page.getByText('Remaining to pay: €100.00 of €100.00').waitFor();
      await page.getByRole('radio', { name: 'Card' }).check();
      await page.getByLabel('Amount to pay with this method').fill('100.00');
      await page.getByLabel('Card number').fill(CARD.approved);
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Pay €100.00 with Card' }).click();

      const notice = page.locator('.sp-ledger .sp-notice--danger');
      await notice.and(page.locator(':focus')).waitFor();
      await expect(notice.textContent()).resolves.toContain('this card runs on Visa, which is not accepted here');
      await expect(inViewport(page, '.sp-ledger .sp-notice--danger')).resolves.toBe(true);
      expect(problems.list).toEqual([]);
    });
  });
});
