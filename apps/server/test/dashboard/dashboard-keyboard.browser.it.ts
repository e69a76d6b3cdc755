import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium, newWatchedPage, settle, visible } from '../support/dashboard-browser';
import { startService, type ServiceHarness } from '../support/service-harness';

jest.setTimeout(90_000);

/** The id, or the tag, of the element that has the keyboard focus. */
const focusedId = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { id: string; tagName: string } | null } }).document.activeElement;
    return active?.id || active?.tagName || 'none';
  });

/** What a keyboard user meets on the dashboard outside the payments themselves. */
describe('dashboard keyboard use in Chromium', () => {
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

  it('keeps focus on the language list when the language changes, signed out and signed in', async () => {
    const { page, problems } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard`);
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
});
