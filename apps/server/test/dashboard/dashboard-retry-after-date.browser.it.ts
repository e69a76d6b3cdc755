import type { Route } from 'playwright-core';
import { newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(120_000);

/** The page's clock starts here, and time moves on the page only as the test jumps it (plus real time). */
const START = Date.UTC(2026, 0, 1, 9, 0, 0);

/**
 * The token endpoint answers the page's rotation 429 with a Retry-After given as an HTTP date, an hour
 * ahead: longer than the access token has left (its rotation runs a minute before it lapses). The
 * page honours it as it honours seconds (D103-d, D110-b): no try before that date, so it works on until
 * the token lapses, then signs the contact out, having presented the refresh token once.
 */
describe('dashboard in Chromium: a Retry-After given as a date', () => {
  const demo = useDemoDashboard();

  it('tries no rotation again before the date it names, and signs out when the access token lapses', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await page.clock.install({ time: START });
    // Counted, never kept: a refresh token is a secret.
    let rotations = 0;
    await page.route('**/oauth/token', async (route: Route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      if (form.get('grant_type') !== 'refresh_token') return route.continue();
      rotations += 1;
      return route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': new Date(START + 2 * 3_600_000).toUTCString() },
        body: JSON.stringify({ error: 'temporarily_unavailable' }),
      });
    });
    await signedIn(page, demo.service().url, '', 'Payments');

    // The access token lives an hour: its rotation is due a minute before it lapses.
    await page.clock.fastForward(3_540_000);
    await settle(async () => rotations, (n) => n > 0);
    const lapsed = page.getByText('Your sign-in has lapsed. Sign in again.');
    // The minute left, ten seconds at a time: a try 5 s after the refusal (the page's own wait) would be seen.
    for (let jumps = 0; jumps < 12 && !(await lapsed.isVisible()); jumps += 1) {
      await page.clock.fastForward(10_000);
    }
    await visible(lapsed);
    expect(rotations).toBe(1);
    // The one problem seen is the refusal the test made.
    expect(problems).toEqual(['429 POST /oauth/token']);
    await page.context().close();
  });
});
