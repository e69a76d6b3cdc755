import type { Route } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * Starting a payment can take seconds (the PSP answers first). Meanwhile the payer sees and hears that
 * it is under way, and cannot start it twice.
 */
describe('demo checkout in Chromium: a payment being started', () => {
  const suite = useDemoBrowser();

  /** Holds every start until `release()` (which waits for the first to arrive: the consent is recorded before it); counts them. */
  async function holdStarts(): Promise<{ count(): number; release(): Promise<void> }> {
    const held: Route[] = [];
    let count = 0;
    let arrived: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    await suite.page.route('**/elements/session/attempts', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      count += 1;
      held.push(route);
      arrived();
      return undefined;
    });
    return {
      count: () => count,
      release: async () => {
        await first;
        await Promise.all(held.splice(0).map((route) => route.continue()));
      },
    };
  }

  it('says the payment is being processed, on Pay and to screen readers, until the service answers', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.cardTrancheReady('40.00', '4111111111111111');
    const starts = await holdStarts();
    await shop.payButton().click();

    const processing = page.getByRole('button', { name: 'Processing your payment…' });
    await processing.waitFor();
    await expect(processing.isDisabled()).resolves.toBe(true);
    await page.getByRole('status').filter({ hasText: 'Processing your payment…' }).waitFor();

    await starts.release();
    await shop.remainingIs('€80.00');
    await expect(processing.count()).resolves.toBe(0);
    expect(starts.count()).toBe(1);
    expect(problems.list).toEqual([]);
  });

  it('starts one payment for a double click on Pay', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.cardTrancheReady('40.00', '4111111111111111');
    const starts = await holdStarts();
    await shop.payButton().dblclick();
    await page.getByRole('button', { name: 'Processing your payment…' }).waitFor();
    await starts.release();
    await shop.remainingIs('€80.00');
    expect(starts.count()).toBe(1);
    expect(problems.list).toEqual([]);
  });
});
