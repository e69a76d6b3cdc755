import type { APIResponse, Route } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/** The start's request, its answer fetched from the service and held back from the page. */
interface HeldAnswer {
  readonly route: Route;
  readonly response: APIResponse;
}

/**
 * A start's answer can reach the page after a read sent later has already shown where the session
 * went (the PSP's verdict is faster than the answer's way back). The page keeps the newer view
 * (docs/decisions.md D73).
 */
describe('demo checkout in Chromium: a start answered after a later read', () => {
  const suite = useDemoBrowser();

  it("keeps the hold a later read showed when the start's older answer arrives, and ends the wait", async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    await shop.cardTrancheReady('40.00', CARD.approved);
    let arrived: (held: HeldAnswer) => void = () => undefined;
    const startAnswer = new Promise<HeldAnswer>((resolve) => (arrived = resolve));
    await page.route('**/elements/session/attempts', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      arrived({ route, response: await route.fetch() });
      return undefined;
    });
    await shop.payButton().click();
    const start = await startAnswer;
    const answered = (await start.response.json()) as { view: { attempts: { status: string }[] } };
    expect(answered.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);

    // Reads sent after the start: the payer coming back to the tab reads at once, until the hold is seen.
    const held = page.getByText('Remaining to pay: €80.00 of €120.00');
    for (let i = 0; i < 100 && (await held.count()) === 0; i += 1) {
      await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
      await page.waitForTimeout(100);
    }
    await held.waitFor();
    // No later read may redraw the page before it is checked: they wait until the end.
    const laterReads: Route[] = [];
    await page.route('**/elements/session', (route) => {
      laterReads.push(route);
    });

    await start.route.fulfill({ response: start.response });
    await page.getByRole('button', { name: 'Processing your payment…' }).waitFor({ state: 'detached' });
    await expect(held.count()).resolves.toBe(1);
    await expect(page.getByText('Confirming your payment…').count()).resolves.toBe(0);
    await expect(shop.payButton().isEnabled()).resolves.toBe(true);

    await page.unroute('**/elements/session');
    await Promise.all(laterReads.map((route) => route.continue()));
    expect(problems.list).toEqual([]);
  });
});
