import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium, newWatchedPage, submitSignIn, visible } from '../support/dashboard-browser';
import { useServiceBehindPath } from '../support/service-behind-path';
import { startService } from '../support/service-harness';

jest.setTimeout(90_000);

const PREFIX = '/checkout';

/**
 * PUBLIC_BASE_URL with a path, the service behind a proxy that strips it (and answers 404 for
 * anything outside it): the dashboard page, its assets, the sign-in form, the callback, the token,
 * /api and revocation doors are all reached under the path.
 */
describe('the dashboard in Chromium when PUBLIC_BASE_URL has a path', () => {
  const service = useServiceBehindPath(PREFIX, (base) =>
    startService({ merchants: JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as object, env: { PUBLIC_BASE_URL: base } }),
  );
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the demo admin in and out through the proxy, every request of the page under the path', async () => {
    const { page, problems } = await newWatchedPage(browser);
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(`${service.base()}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `${PREFIX}/oauth/authorize`);
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');

    await visible(page.getByText('admin@demo.test, administrator of merchant demo'));
    expect(new URL(page.url()).pathname).toBe(`${PREFIX}/dashboard`);
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));

    const revoked = page.waitForResponse((response) => new URL(response.url()).pathname === `${PREFIX}/oauth/revoke`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await revoked).status()).toBe(200);
    await visible(page.getByRole('button', { name: 'Sign in' }));

    expect(paths.filter((path) => !path.startsWith(`${PREFIX}/`) && path !== '/favicon.ico')).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining([`${PREFIX}/dashboard/callback`, `${PREFIX}/oauth/token`, `${PREFIX}/api/me`]));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
