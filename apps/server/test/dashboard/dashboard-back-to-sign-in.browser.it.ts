import { newWatchedPage, signedIn, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(90_000);

/**
 * Back from the dashboard reaches the sign-in form it came through, whose state the sign-in already
 * spent. Signed in there again, the page starts a new sign-in rather than failing (D129-f).
 */
describe('dashboard in Chromium: the sign-in form reached again with Back', () => {
  const demo = useDemoDashboard();

  it('starts a new sign-in from a spent form, and lands signed in', async () => {
    const orderId = `back-${Date.now().toString(36)}`;
    const { sessionId } = await demo.service().createSession({ currency: 'EUR', total: 2_500, orderId, methods: [{ method: 'card' }] }, DEMO);
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '', 'Payments');
    await page.getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));

    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    await page.goBack();
    const spent = new URL(page.url());
    expect(spent.pathname).toBe('/oauth/authorize');
    const fresh = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return request.method() === 'GET' && url.pathname === '/oauth/authorize' && url.searchParams.get('state') !== spent.searchParams.get('state');
    });
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');

    // A new sign-in: its own form (a state of its own), and signed in past it.
    await fresh;
    await visible(page.getByLabel('Password'));
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    expect(await page.getByText('Sign-in could not be completed. Start again.').count()).toBe(0);
    expect(await page.getByTestId('signed-in-contact').textContent()).toContain('admin@demo.test');
    await page.context().close();
  });
});
