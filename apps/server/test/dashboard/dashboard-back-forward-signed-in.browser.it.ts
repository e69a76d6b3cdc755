import type { Page } from 'playwright-core';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { payInTwoCardTranches } from '../support/paid-demo-session';

jest.setTimeout(120_000);

/**
 * The contact's tokens live in the page's memory only (D26). Back from the dashboard to the sign-in
 * form it came through, then Forward, loaded the page anew and asked for the password again while
 * the sign-in was still good. The page is now kept by the browser's back-forward cache and comes back
 * as it was left; a sign-in that lapsed meanwhile is said on its return (D151).
 */
describe('dashboard in Chromium: Back and Forward while signed in', () => {
  const demo = useDemoDashboard({ backForwardCache: true });

  /** A payment of the demo merchant, its page open signed in. */
  const paymentOpen = async (page: Page, orderId: string): Promise<void> => {
    const { sessionId } = await demo.service().createSession({ currency: 'EUR', total: 2_500, orderId, methods: [{ method: 'card' }] }, DEMO);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
  };

  it('lands on the payment left, still signed in, after Back to the sign-in form and Forward', async () => {
    // Playwright's own wait for the load event never ends on a page the back-forward cache restores: the tests wait on what the page shows.
    const { page, problems } = await newWatchedPage(demo.browser());
    const orderId = `bfwd-${Date.now().toString(36)}`;
    await paymentOpen(page, orderId);

    await page.goBack({ waitUntil: 'commit' });
    await visible(page.getByLabel('Password'));
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    await page.goForward({ waitUntil: 'commit' });

    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect(await page.getByTestId('signed-in-contact').textContent()).toContain('admin@demo.test');
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lands on the payment left, its refund form as typed, after a visit to another page and Back', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const orderId = `bback-${Date.now().toString(36)}`;
    const sessionId = await payInTwoCardTranches(demo, orderId);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const second = page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)' });
    await second.getByRole('button', { name: 'Refund this tranche' }).click();
    await second.getByLabel('Amount to refund (EUR)').fill('15');

    await page.goto(`${demo.service().url}/openapi.json`);
    await page.goBack({ waitUntil: 'commit' });

    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect(await second.getByLabel('Amount to refund (EUR)').inputValue()).toBe('15');
    expect(await page.getByTestId('signed-in-contact').textContent()).toContain('admin@demo.test');
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says the sign-in lapsed, and asks to sign in, when it ended while the page was away', async () => {
    const { page } = await newWatchedPage(demo.browser());
    const orderId = `bfwd-lapsed-${Date.now().toString(36)}`;
    await paymentOpen(page, orderId);

    await page.goBack({ waitUntil: 'commit' });
    await visible(page.getByLabel('Password'));
    // Away past the sign-in's life: the service's clock moves on (the page's timers stand still in the cache).
    demo.service().clock.advance(13 * 3_600_000);
    await page.goForward({ waitUntil: 'commit' });

    await visible(page.getByText('Your sign-in has lapsed. Sign in again.'));
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(await page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }).count()).toBe(0);
    await page.context().close();
  });
});
