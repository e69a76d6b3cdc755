import type { Locator, Page } from 'playwright-core';
import { newWatchedPage, refundTwentyHeldPending, settle, signedIn, trancheFact, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { usePaidDemoSession } from '../support/paid-demo-session';

jest.setTimeout(120_000);


/**
 * A refund asked and not yet judged is not in the tranche's Refunded (the service counts a refund
 * there only once it succeeded), yet its money is on its way back: the page counts it out of the
 * Refundable it shows, and says it is pending beside the figure, until its verdict (D110-a); meanwhile
 * it offers no refund (D121-a, dashboard-refunds-paused.browser.it.ts).
 */
describe('dashboard in Chromium: a refund in flight', () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'inflight');
  const refunds = async (): Promise<string[]> => (await paid.refunds()).map((r) => `${r.amount} ${r.status}`);



  const openPayment = async (page: Page): Promise<Locator> => {
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    return page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
  };

  it('shows what remains once the refund in flight is counted out, says it is pending, and offers no refund meanwhile', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const tranche = await openPayment(page);
    await refundTwentyHeldPending(page, tranche, (matches, status) => demo.service().injectFault(matches, status));
    expect(await refunds()).toEqual(['2000 pending']);

    // Drawn anew with the refund in flight: €30.00 remains, and the €20.00 on its way is said beside it.
    await visible(tranche.getByRole('rowheader', { name: 'refund', exact: true }));
    expect(await trancheFact(tranche, 'Refunded')).toBe('€0.00');
    expect(await trancheFact(tranche, 'Refundable')).toBe('€30.00 (a refund of €20.00 is pending, awaiting its verdict)');

    // Nothing offers the €30.00 while the €20.00 awaits its verdict: every refund control is disabled (D121-a).
    expect(await tranche.getByRole('button', { name: 'Refund this tranche' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Refund the whole payment' }).isDisabled()).toBe(true);
    expect(await refunds()).toEqual(['2000 pending']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says nothing is pending once the verdict is in: the refund is in Refunded, and Refundable is what remains', async () => {
    // The worker sends the owed refund after its retry delay; the fake PSP's verdict follows.
    demo.service().clock.advance(5_000);
    await demo.service().runWorkers();
    expect(await settle(refunds, (list) => !list.some((r) => r.endsWith('pending')))).toEqual(['2000 succeeded']);

    const { page, problems } = await newWatchedPage(demo.browser());
    const tranche = await openPayment(page);
    expect(await trancheFact(tranche, 'Refunded')).toBe('€20.00');
    expect(await trancheFact(tranche, 'Refundable')).toBe('€30.00');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
