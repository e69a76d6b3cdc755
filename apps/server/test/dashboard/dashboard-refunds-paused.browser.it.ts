import type { Page } from 'playwright-core';
import { newWatchedPage, refundTwentyHeldPending, settle, signedIn, trancheFact, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { usePaidDemoSession } from '../support/paid-demo-session';

jest.setTimeout(120_000);


/**
 * While a refund of the payment awaits its verdict, every refund control of the page is disabled, the
 * reason said beside it in the page's language; the page reads the payment again on its own, and the
 * controls come back once the verdict has landed (D121-a).
 */
describe('dashboard in Chromium: refunds paused while one is pending', () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'paused');
  const refunds = async (): Promise<string[]> => (await paid.refunds()).map((r) => `${r.amount} ${r.status}`);

  /** The refund buttons of the page (whole payment, tranche, operation) and whether each is disabled. */
  const refundButtons = async (page: Page, names: readonly string[]): Promise<string[]> =>
    Promise.all(names.map(async (name) => `${name}: ${(await page.getByRole('button', { name, exact: true }).isDisabled()) ? 'disabled' : 'enabled'}`));
  const EN = ['Refund the whole payment', 'Refund this tranche', 'Refund this operation'] as const;
  const FR = ['Rembourser tout le paiement', 'Rembourser cette tranche', 'Rembourser cette opération'] as const;

  it('disables every refund control with its reason while a refund is pending, and gives them back once its verdict lands', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    // The page's timers run only as the test moves its clock on (plus real time).
    await page.clock.install();
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await refundTwentyHeldPending(page, tranche, (matches, status) => demo.service().injectFault(matches, status));
    expect(await refunds()).toEqual(['2000 pending']);

    // €30.00 remains, yet nothing offers to refund it while the €20.00 awaits its verdict: the reason is said.
    await visible(tranche.getByRole('rowheader', { name: 'refund', exact: true }));
    expect(await refundButtons(page, EN)).toEqual(EN.map((name) => `${name}: disabled`));
    const reason = 'Refunds are unavailable: a refund is pending, awaiting its verdict.';
    await visible(page.getByText(reason).first());
    await visible(tranche.getByText(reason));
    // Each button is described by the reason beside it, for screen readers too.
    const describedBy = await tranche.getByRole('button', { name: 'Refund this tranche' }).getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('a refund is pending');
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click({ force: true });
    expect(await tranche.getByLabel('Amount to refund (EUR)').count()).toBe(0);

    // In French as well.
    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('heading', { level: 1, name: `Paiement ${paid.orderId}` }));
    expect(await refundButtons(page, FR)).toEqual(FR.map((name) => `${name}: disabled`));
    await visible(page.getByText('un remboursement est en attente').first());
    await page.getByLabel('Langue').selectOption('en');
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${paid.orderId}` }));
    expect(await refundButtons(page, EN)).toEqual(EN.map((name) => `${name}: disabled`));

    // The worker sends the owed refund after its retry delay; the fake PSP's verdict follows.
    demo.service().clock.advance(5_000);
    await demo.service().runWorkers();
    expect(await settle(refunds, (list) => !list.some((r) => r.endsWith('pending')))).toEqual(['2000 succeeded']);

    // The page reads the payment again on its own: the verdict is drawn and the controls are back.
    await page.clock.runFor(10_000);
    await visible(page.getByRole('button', { name: 'Refund the whole payment', disabled: false }));
    expect(await refundButtons(page, EN)).toEqual(EN.map((name) => `${name}: enabled`));
    expect(await trancheFact(tranche, 'Refunded')).toBe('€20.00');
    expect(await trancheFact(tranche, 'Refundable')).toBe('€30.00');
    expect(await page.getByText(reason).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
