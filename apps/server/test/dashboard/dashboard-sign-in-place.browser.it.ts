import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium, newWatchedPage, submitSignIn, visible } from '../support/dashboard-browser';
import { startService, type ServiceHarness } from '../support/service-harness';

jest.setTimeout(90_000);

/** The view a contact was on when asked to sign in is where they land, even after a failed try. */
describe('dashboard sign-in keeps the place in Chromium', () => {
  let h: ServiceHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await startService({ merchants: JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as object });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('keeps the payment it was opened on when the code exchange fails, and lands there on the next sign-in', async () => {
    const { sessionId } = await h.createSession({ currency: 'EUR', total: 2_500, orderId: 'place-kept', methods: [{ method: 'card' }] }, { merchantId: 'demo', secret: 'demo-secret' });
    const { page } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard#/sessions/${sessionId}`);
    // The token door cannot be reached on the way back from the sign-in form.
    await page.route('**/oauth/token', (route) => route.abort());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');
    await visible(page.getByText('Sign-in could not be completed. Start again.'));
    const address = new URL(page.url());
    expect([address.pathname, address.search, address.hash]).toEqual(['/dashboard', '', `#/sessions/${sessionId}`]);

    await page.unroute('**/oauth/token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');
    await visible(page.getByRole('heading', { level: 1, name: 'Payment place-kept' }));
    await page.context().close();
  });
});
