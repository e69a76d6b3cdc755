import type { Page, Request } from 'playwright-core';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(120_000);

/**
 * A laptop that slept past the access token's life: its timers paused, its clock moved on. The page
 * holds a refresh token that is still good: the next call rotates it first and the contact works on,
 * the refresh family unrevoked (D129-b). When the rotation is refused, the page says the sign-in
 * lapsed, and the view the click asked for never draws over that.
 */
describe('dashboard in Chromium: woken past the access token’s life', () => {
  const demo = useDemoDashboard();

  /** Signs in on a page whose clock the test moves; answers the access token's life in seconds and the OAuth calls it makes. */
  const signedInWithClock = async (page: Page): Promise<{ expiresInS: number; oauth: string[] }> => {
    const oauth: string[] = [];
    let expiresInS = 0;
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/oauth/token') || path.startsWith('/oauth/revoke')) oauth.push(`${path} ${new URLSearchParams(request.postData() ?? '').get('grant_type') ?? ''}`.trim());
    });
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/oauth/token' && response.status() === 200) expiresInS = ((await response.json()) as { expires_in: number }).expires_in;
    });
    await page.clock.install();
    await signedIn(page, demo.service().url, '', 'Payments');
    await visible(page.locator('table.payments, p.empty'));
    return { expiresInS, oauth };
  };

  /** The machine sleeps: its wall clock jumps past the access token's life, and no timer runs meanwhile. */
  const sleepPast = async (page: Page, expiresInS: number): Promise<void> => {
    expect(expiresInS).toBeGreaterThan(0);
    await page.clock.setSystemTime(new Date(Date.now() + (expiresInS + 5) * 1000));
  };

  it('rotates the refresh token at the first click after the sleep, and shows what was asked, still signed in', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const { expiresInS, oauth } = await signedInWithClock(page);
    await sleepPast(page, expiresInS);
    oauth.length = 0;

    await page.getByRole('link', { name: 'Operations' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    await visible(page.locator('table.operations, p.empty'));
    expect(await page.getByTestId('signed-in-contact').textContent()).toContain('admin@demo.test');
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    expect(oauth).toEqual(['/oauth/token refresh_token']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says the sign-in lapsed when the rotation is refused, and draws no view over it', async () => {
    const { page } = await newWatchedPage(demo.browser());
    const { expiresInS } = await signedInWithClock(page);
    // The refresh token is no longer good (its family revoked elsewhere, say).
    await page.route('**/oauth/token', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'invalid_grant' }) }));
    await sleepPast(page, expiresInS);

    await page.getByRole('link', { name: 'Operations' }).click();
    await visible(page.getByText('Your sign-in has lapsed. Sign in again.'));
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(await page.getByRole('heading', { level: 1, name: 'Operations' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Lists' }).count()).toBe(0);
    await page.context().close();
  });
});
