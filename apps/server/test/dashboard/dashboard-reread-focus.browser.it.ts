import type { Page } from 'playwright-core';
import { FAKE_PSP_REFUND_CALL, newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { usePaidDemoSession } from '../support/paid-demo-session';

jest.setTimeout(120_000);

interface InPage {
  document: { activeElement: { tagName: string; getAttribute(name: string): string | null; textContent: string | null } | null };
}

/** What holds focus: a region by the words naming it, else the element's tag and its text. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as InPage & { document: { getElementById(id: string): { textContent: string | null } | null } }).document;
    const active = doc.activeElement;
    if (!active) return 'nothing';
    const label = active.getAttribute('aria-labelledby');
    if (label) return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}: ${doc.getElementById(label)?.textContent ?? ''}`;
    return `${active.tagName.toLowerCase()}: ${active.textContent ?? ''}`;
  });

/**
 * The payment's page reads itself again every 10 s while a refund awaits its verdict (D121-a); the
 * read that finds the verdict draws the payment anew. Focus inside what was redrawn stays on the same
 * control, found again by its stable name, never dropped to the body (D136-b).
 */
describe('dashboard in Chromium: focus kept when a re-read redraws the payment', () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'refocus');
  const refunds = async (): Promise<string[]> => (await paid.refunds()).map((r) => `${r.amount} ${r.status}`);

  /** A refund of `euros` from tranche 1 that the PSP did not answer: pending, its verdict owed. */
  const pendingRefund = async (page: Page, euros: string): Promise<void> => {
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    const clearFault = demo.service().injectFault(FAKE_PSP_REFUND_CALL, 503);
    try {
      await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
      await tranche.getByLabel('Amount to refund (EUR)').fill(euros);
      await tranche.getByRole('button', { name: 'Continue' }).click();
      await tranche.getByRole('button', { name: `Yes, refund €${euros}.00` }).click();
      await visible(page.getByRole('status').filter({ hasText: `Refund of €${euros}.00 requested` }));
    } finally {
      clearFault();
    }
    await visible(tranche.getByRole('button', { name: 'Refund this tranche', disabled: true }));
  };

  /** The worker sends the owed refund, the PSP answers, and the page's 10 s re-read draws the verdict. */
  const verdictRedrawn = async (page: Page): Promise<void> => {
    demo.service().clock.advance(5_000);
    await demo.service().runWorkers();
    expect(await settle(refunds, (list) => !list.some((r) => r.endsWith('pending')))).not.toEqual([]);
    await page.clock.runFor(10_000);
    await visible(page.getByRole('article', { name: 'Tranche 1: Card (Visa)' }).getByRole('button', { name: 'Refund this tranche', disabled: false }));
  };

  it("keeps focus on the tranche's operations table when the verdict redraws the page", async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await page.clock.install();
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    await pendingRefund(page, '20');

    // A keyboard user scrolling the tranche's operations while the verdict is awaited.
    await page.getByRole('region', { name: 'Operations of tranche 1' }).focus();
    expect(await focused(page)).toBe('region: Operations of tranche 1');
    await verdictRedrawn(page);
    expect(await refunds()).toEqual(['2000 succeeded']);

    expect(await focused(page)).toBe('region: Operations of tranche 1');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps focus on the notification\'s Send again button when the verdict redraws the page', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await page.clock.install();
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    await pendingRefund(page, '10');

    await page.getByRole('button', { name: 'Send the notification again' }).focus();
    await verdictRedrawn(page);
    expect(await refunds()).toEqual(['2000 succeeded', '1000 succeeded']);

    expect(await focused(page)).toBe('button: Send the notification again');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
