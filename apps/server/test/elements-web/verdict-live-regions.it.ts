import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * The live regions once a card's verdict lands in the page: the decline is said urgently (alert), and
 * the polite status region no longer says the payment is being confirmed (D97): a screen reader user
 * reading it, or hearing it again, must not be told "Confirming your payment…" after the decline.
 */
describe('payment components in Chromium: the live regions after an in-page decline', () => {
  const suite = useDemoBrowser();

  it('a declined card: the alert says the decline, the status region no longer says "Confirming your payment…"', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    const spoken: string[] = [];
    await page.exposeFunction('keepSpoken', (text: string) => spoken.push(text));
    // Everything the polite region says, kept as it is said (later views overwrite it).
    await page.evaluate(`(() => {
      const status = document.querySelector('.sp-root [role="status"]');
      new MutationObserver(() => status.textContent && window.keepSpoken(status.textContent.trim())).observe(status, { childList: true, characterData: true, subtree: true });
    })()`);
    await shop.payByCard('120.00', CARD.declined);

    const declined = 'Your Card payment of €120.00 was declined: your bank refused it. Your card details were cleared: type them again to retry.';
    await page.locator('.sp-root [role="alert"]').filter({ hasText: 'was declined' }).waitFor({ state: 'attached' });
    await expect(page.locator('.sp-ledger .sp-notice--danger').textContent()).resolves.toBe(declined);
    // Said while the verdict was on its way, then emptied once it landed.
    expect(spoken).toContain('Confirming your payment…');
    await expect(page.locator('.sp-root [role="status"]').textContent()).resolves.not.toContain('Confirming your payment');
    expect(problems.list).toEqual([]);
  });
});
