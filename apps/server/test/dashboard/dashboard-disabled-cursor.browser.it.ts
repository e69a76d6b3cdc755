import type { Locator } from 'playwright-core';
import { accessibilityViolations, newWatchedPage, refundTwentyHeldPending, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { payInTwoCardTranches } from '../support/paid-demo-session';

jest.setTimeout(120_000);

/** The mouse pointer the page gives the element. */
const cursorOf = (locator: Locator): Promise<string> =>
  locator.evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { cursor: string } }).getComputedStyle(element).cursor);

/**
 * A disabled refund button said "work in progress" (`cursor: progress`) whatever kept it disabled.
 * Only a button whose request is on its way says so; one disabled for a reason (refunds paused while
 * one is pending, D121-a) says it cannot be used (D151).
 */
describe('dashboard in Chromium: the pointer over a disabled button', () => {
  const demo = useDemoDashboard();

  it('is not-allowed on refund buttons paused by a pending refund, Continue of an open form included', async () => {
    const { page, problems } = await newWatchedPage(demo.browser(), 'en-GB', { bypassCSP: true });
    const orderId = `cursor-${Date.now().toString(36)}`;
    const sessionId = await payInTwoCardTranches(demo, orderId);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const first = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    const second = page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)' });

    // Tranche 2's form open, then tranche 1's refund held pending: every refund control is paused.
    await second.getByRole('button', { name: 'Refund this tranche' }).click();
    await second.getByLabel('Amount to refund (EUR)').fill('15');
    await refundTwentyHeldPending(page, first, (matches, status) => demo.service().injectFault(matches, status));
    const paused = first.getByRole('button', { name: 'Refund this tranche' });
    await visible(paused);
    expect(await paused.isDisabled()).toBe(true);
    expect(await cursorOf(paused)).toBe('not-allowed');
    const continuePaused = second.getByRole('button', { name: 'Continue' });
    expect(await continuePaused.isDisabled()).toBe(true);
    expect(await cursorOf(continuePaused)).toBe('not-allowed');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is progress on the confirmation while its refund is on its way', async () => {
    const { page } = await newWatchedPage(demo.browser());
    const orderId = `cursor-busy-${Date.now().toString(36)}`;
    const sessionId = await payInTwoCardTranches(demo, orderId);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const first = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    // The refund's request held in the browser until the pointer is read.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/attempts/*/refund', async (route) => {
      await held;
      await route.continue();
    });
    await first.getByRole('button', { name: 'Refund this tranche' }).click();
    await first.getByLabel('Amount to refund (EUR)').fill('10');
    await first.getByRole('button', { name: 'Continue' }).click();
    const confirm = first.getByRole('button', { name: 'Yes, refund €10.00' });
    await confirm.click();
    await visible(first.locator('form[aria-busy="true"]'));
    expect(await confirm.isDisabled()).toBe(true);
    expect(await cursorOf(confirm)).toBe('progress');
    release();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €10.00 requested' }));
    await page.context().close();
  });
});
