import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

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
  /** Console errors, uncaught page errors and refused answers: Content-Security-Policy refusals included. */
  readonly problems: string[];
}

/** A new page in its own context (its own sessionStorage), English unless told, its errors kept. */
export async function newWatchedPage(browser: Browser, locale = 'en-GB'): Promise<WatchedPage> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser's own favicon probe is no error of the page; answers the page asked for are checked below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && path !== '/favicon.ico') problems.push(`${response.status()} ${response.request().method()} ${path}`);
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

/**
 * Reads until `done` holds or `timeoutMs` passes, and answers the last reading either way (the
 * caller's assertion then says what was wrong). A condition to wait on, never a fixed sleep.
 */
export async function settle<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the locator's element is visible (throws with Playwright's message when it never is). */
export const visible = (locator: Locator, timeout = 15_000): Promise<void> => locator.first().waitFor({ state: 'visible', timeout });

/** How many elements the locator finds once that number settles on `expected` (or the last count). */
export const countOf = (locator: Locator, expected: number): Promise<number> => settle(() => locator.count(), (n) => n === expected);
