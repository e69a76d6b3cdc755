import { newWatchedPage, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(90_000);

/** The view a contact was on when asked to sign in is where they land, even after a failed try. */
describe('dashboard sign-in keeps the place in Chromium', () => {
  const demo = useDemoDashboard();

  it('keeps the payment it was opened on when the code exchange fails, and lands there on the next sign-in', async () => {
    const { sessionId } = await demo.service().createSession({ currency: 'EUR', total: 2_500, orderId: 'place-kept', methods: [{ method: 'card' }] }, { merchantId: 'demo', secret: 'demo-secret' });
    const { page } = await newWatchedPage(demo.browser());
    await page.goto(`${demo.service().url}/dashboard#/sessions/${sessionId}`);
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
