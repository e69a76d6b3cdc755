import type { Page } from 'playwright-core';
import { DEMO_ADMIN, newWatchedPage, submitSignIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(60_000);

interface Focusable {
  id: string;
  tagName: string;
  getAttribute(name: string): string | null;
}

/** The focused element's id (or tag) and the ids its aria-describedby names. */
const focusOf = (page: Page): Promise<{ focused: string; describedBy: string[] }> =>
  page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: Focusable | null } }).document.activeElement;
    return { focused: active?.id || active?.tagName || '', describedBy: (active?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean) };
  });

/**
 * The service's sign-in page after a wrong password: reloaded with the error, focus lands on the
 * password to type again, whose description is the error, so a screen reader says both.
 */
describe('sign-in page in Chromium after a refused sign-in', () => {
  const demo = useDemoDashboard();

  it('puts focus on the password field, described by the error', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await page.goto(`${demo.service().url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');

    await submitSignIn(page, DEMO_ADMIN.email, 'not-the-password');
    await visible(page.getByRole('alert'));
    expect(await focusOf(page)).toEqual({ focused: 'password', describedBy: ['login-error'] });
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO_ADMIN.email);
    await page.context().close();
  });

  it('leaves focus alone on the first visit, nothing refused yet', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await page.goto(`${demo.service().url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    expect((await focusOf(page)).focused).toBe('BODY');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });
});
