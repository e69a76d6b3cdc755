import { useDemoBrowser } from '../support/browser/elements-browser';
import { axeViolations } from '../support/browser/axe';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * The fake PSP's payer page once its payment is decided: a tab left open on it, or reached again by
 * Back, leads the payer back to the shop rather than to a dead end.
 */
describe('demo checkout in Chromium: the fake PSP page of a decided payment', () => {
  const suite = useDemoBrowser();

  it('a second tab on the 3-D Secure page, pressed after the first one authenticated, goes back to the shop (no raw refusal)', async () => {
    const { page, shop, context, problems } = suite;
    await shop.openWithTerms();
    const orderId = shop.orderId();
    await shop.payByCard('120.00', CARD.challenged);
    await page.waitForURL(/\/fake-psp\/pay\//);
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: 'Authenticate' }).click();
    await other.waitForURL(/\/demo\?order=/);

    await shop.atFakePsp('Authenticate');
    expect(shop.orderId()).toBe(orderId);
    await shop.completed();
    expect(problems.list).toEqual([]);
  });

  it('Back to the page of an approved PayPal payment: it says so, links back to the shop, and stays axe-clean under its CSP', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    const orderId = shop.orderId();
    await shop.payOnPspPage('PayPal', 'Approve');
    await shop.completed();

    await page.goBack();
    await page.waitForURL(/\/fake-psp\/pay\//);
    // Captured by now: the order was paid in full.
    await page.getByRole('status').filter({ hasText: /^This payment is (authorized|captured)\. Nothing is left to do here\.$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const back = page.getByRole('link', { name: 'Back to the shop' });
    await expect(back.getAttribute('href')).resolves.toMatch(new RegExp(`^${suite.h.url}/elements/return/`));

    await back.click();
    await page.waitForURL(/\/demo\?order=/);
    expect(shop.orderId()).toBe(orderId);
    await shop.completed();
    expect(problems.list).toEqual([]);
  });
});
