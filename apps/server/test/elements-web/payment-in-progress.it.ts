import type { Route } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/** The payment starts held back from the service, counted. */
interface HeldStarts {
  count(): number;
  release(): Promise<void>;
}

/**
 * Starting a payment can take seconds (the PSP answers first). Meanwhile the payer sees and hears that
 * it is under way, and cannot start it twice.
 */
describe('demo checkout in Chromium: a payment being started', () => {
  const suite = useDemoBrowser();

  /** Holds every start until `release()` (which waits for the first to arrive: the consent is recorded before it); counts them. */
  async function holdStarts(): Promise<HeldStarts> {
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

  /** A new order with a €40.00 card tranche ready for Pay, whose starts are held. */
  async function cardTrancheReadyStartsHeld(): Promise<HeldStarts> {
    await suite.shop.openWithTerms();
    await suite.shop.cardTrancheReady('40.00', CARD.approved);
    return holdStarts();
  }

  it('says the payment is being processed, on Pay and to screen readers, until the service answers', async () => {
    const { page, shop, problems } = suite;
    const starts = await cardTrancheReadyStartsHeld();
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
    const starts = await cardTrancheReadyStartsHeld();
    await shop.payButton().dblclick();
    await page.getByRole('button', { name: 'Processing your payment…' }).waitFor();
    await starts.release();
    await shop.remainingIs('€80.00');
    expect(starts.count()).toBe(1);
    expect(problems.list).toEqual([]);
  });
});
