import type { Page } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * An action pressed on the partial-approval or the confirming screen fails: the failure is shown on
 * that screen, not only announced, and focus goes back to the button pressed, never to the page's
 * body (docs/decisions.md D50). Pressed again after a lost answer, a refusal the state explains
 * (the first press already did it) is not said: the page reads where the session stands.
 */
describe('demo checkout in Chromium: a failed action on the partial-approval or confirming screen', () => {
  const suite = useDemoBrowser();
  const connectionFailed = 'The connection failed. Check it and try again.';
  const keep = (page: Page) => page.getByRole('button', { name: 'Keep €20.00 and pay the rest another way' });
  /** What has focus: its text, or its aria-label, or the tag of the page's body. */
  const focused = (page: Page): Promise<string> =>
    page.evaluate("(() => { const el = document.activeElement; return el === document.body ? 'BODY' : (el.getAttribute('aria-label') ?? el.textContent ?? ''); })()");

  async function partialPrompt(): Promise<void> {
    await suite.shop.openWithTerms();
    await suite.shop.payByCard('40.00', CARD.halfGranted);
    await keep(suite.page).waitFor();
  }

  it('shows the failure inside the partial-approval prompt and puts focus back on Keep', async () => {
    const { page } = suite;
    await partialPrompt();
    await page.route('**/accept-partial', (route) => route.abort('internetdisconnected'));
    await keep(page).focus();
    await page.keyboard.press('Enter');

    await page.getByRole('group', { name: 'Partial approval' }).getByText(connectionFailed).waitFor();
    await expect(focused(page)).resolves.toBe('Keep €20.00 and pay the rest another way');
  });

  it('pressing Keep again after its answer was lost shows the grant kept, with no error and focus on the screen', async () => {
    const { page, shop } = suite;
    await partialPrompt();
    let lost = false;
    await page.route('**/accept-partial', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await keep(page).click();
    await page.getByRole('group', { name: 'Partial approval' }).getByText(connectionFailed).waitFor();

    await keep(page).click();
    await shop.remainingIs('€100.00');
    await expect(page.locator('.sp-body .sp-notice--danger').count()).resolves.toBe(0);
    await expect(page.getByText('Something went wrong. Try again.').count()).resolves.toBe(0);
    await expect(focused(page)).resolves.not.toBe('BODY');
  });

  it('shows the failure of Stop on the confirming screen and puts focus back on Stop', async () => {
    const { page, shop } = suite;
    await shop.openWithTerms();
    await shop.payByCard('40.00', CARD.challenged);
    await page.waitForURL(/\/fake-psp\//);
    await page.goBack();
    const stop = page.getByRole('button', { name: 'Stop the €40.00 Card payment' });
    await stop.waitFor();
    await page.route('**/abandon', (route) => route.abort('internetdisconnected'));
    await stop.focus();
    await page.keyboard.press('Enter');

    await page.locator('.sp-panel').getByText(connectionFailed).waitFor();
    await expect(focused(page)).resolves.toBe('Stop the €40.00 Card payment');
  });
});
