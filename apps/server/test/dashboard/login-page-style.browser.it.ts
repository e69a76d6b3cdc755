import { DEMO_ADMIN, newWatchedPage, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(90_000);

type StyledBody = { document: { body: unknown }; getComputedStyle(element: unknown): { maxWidth: string; fontFamily: string } };

/** The service's sign-in page keeps its look under a policy without 'unsafe-inline' (D79). */
describe('the sign-in page in Chromium', () => {
  const demo = useDemoDashboard();

  it('applies its own style element, which the policy names by hash, with no refusal, and signs the contact in', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${demo.service().url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByLabel('Password'));
    const style = await page.evaluate(() => {
      const w = globalThis as unknown as StyledBody;
      const computed = w.getComputedStyle(w.document.body);
      return { maxWidth: computed.maxWidth, fontFamily: computed.fontFamily };
    });
    expect(style).toEqual({ maxWidth: '384px', fontFamily: 'system-ui, sans-serif' });
    expect(refusals).toEqual([]);

    await submitSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await visible(page.getByRole('button', { name: 'Sign out' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
