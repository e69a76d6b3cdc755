import type { Page } from 'playwright-core';
import { newWatchedPage, settle, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';

jest.setTimeout(90_000);

/** The id, or the tag, of the element that has the keyboard focus. */
const focusedId = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { id: string; tagName: string } | null } }).document.activeElement;
    return active?.id || active?.tagName || 'none';
  });

/** WCAG's contrast ratio of two `rgb(...)` colours the browser computed. */
function contrast(a: string, b: string): number {
  const luminance = (css: string): number => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** What a keyboard user meets on the dashboard outside the payments themselves. */
describe('dashboard keyboard use in Chromium', () => {
  const demo = useDemoDashboard();

  it('keeps focus on the language list when the language changes, signed out and signed in', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await page.goto(`${demo.service().url}/dashboard`);
    await visible(page.getByRole('button', { name: 'Sign in' }));
    // Arrow keys change a closed list's choice at once (Chromium outside macOS): French is the next one.
    await page.getByLabel('Language').focus();
    await page.keyboard.press('ArrowDown');
    await visible(page.getByRole('button', { name: 'Se connecter' }));
    expect(await focusedId(page)).toBe('language');

    await page.getByRole('button', { name: 'Se connecter' }).click();
    // The service's sign-in form follows the dashboard's language.
    await page.getByLabel('Adresse e-mail').fill('admin@demo.test');
    await page.getByLabel('Mot de passe').fill('demo-admin-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Paiements' }));
    await page.getByLabel('Langue').selectOption('en');
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    expect(await settle(() => focusedId(page), (id) => id === 'language')).toBe('language');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('draws the keyboard focus ring at 3:1 or more against the page around it (WCAG 1.4.11)', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await page.goto(`${demo.service().url}/dashboard`);
    await visible(page.getByRole('button', { name: 'Sign in' }));
    // The page opens on its heading; the language list is the control before it.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedId(page)).toBe('language');
    const [ring, around] = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: unknown; body: unknown } }).document;
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { outlineColor: string; outlineStyle: string; backgroundColor: string } }).getComputedStyle;
      const focusedStyle = style(doc.activeElement);
      // The ring sits 2px outside the control, on the header's background.
      const header = style((doc.activeElement as { closest(s: string): unknown }).closest('header'));
      return [focusedStyle.outlineStyle === 'none' ? 'none' : focusedStyle.outlineColor, header.backgroundColor];
    });
    expect(ring).not.toBe('none');
    expect(contrast(ring, around)).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});
