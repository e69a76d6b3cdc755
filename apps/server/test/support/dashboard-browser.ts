import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), for the dashboard's
 * acceptance tests. Headless, no sandbox (containers), nothing talking to the network on its own.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors and uncaught page errors, Content-Security-Policy refusals included. */
  readonly problems: string[];
}

/** A new page in its own context (its own sessionStorage), English unless told, its errors kept. */
export async function newWatchedPage(browser: Browser, locale = 'en-GB'): Promise<WatchedPage> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/** Fills the service's sign-in form and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
