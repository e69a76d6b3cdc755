import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), for the dashboard's
 * acceptance tests. Headless, no sandbox (containers), nothing talking to the network on its own.
 */
export function launchChromium(options: { readonly backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Playwright turns the back-forward cache off; a test of Back and Forward wants the browser as the contact has it.
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors, uncaught page errors and refused answers: Content-Security-Policy refusals included. */
  readonly problems: string[];
}

/**
 * A new page in its own context (its own sessionStorage), English unless told, its errors kept.
 * `bypassCSP` only for the accessibility audit, which injects its engine into the page.
 */
export async function newWatchedPage(browser: Browser, locale = 'en-GB', options: { readonly bypassCSP?: boolean } = {}): Promise<WatchedPage> {
  // One time zone whatever the machine's, so calendar-day filters read the same everywhere.
  const context = await browser.newContext({ locale, timezoneId: 'Europe/Paris', bypassCSP: options.bypassCSP ?? false });
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

/** One rule the page breaks, as axe-core reports it. */
export interface AccessibilityViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules, or only the `rules` named) on the page as it stands. The
 * page's CSP forbids injected scripts: use a page opened with `bypassCSP`.
 */
export async function accessibilityViolations(page: Page, rules?: readonly string[]): Promise<AccessibilityViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async (only) => {
    // Runs in the page: its globals are typed here by hand (the test project has no DOM library).
    const inPage = globalThis as unknown as {
      document: unknown;
      axe: { run(context: unknown, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
    };
    const runOnly = only ? { type: 'rule', values: only } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };
    const result = await inPage.axe.run(inPage.document, { runOnly });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target)) }));
  }, rules as string[] | undefined);
}

/** The demo merchant's admin contact of the dashboard (`npm start`'s merchants file). */
export const DEMO_ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' } as const;

interface InPage {
  location: { hash: string };
}

/** The dashboard's address as the page holds it (`#/operations?...`). */
export const hashOf = (page: Page): Promise<string> => page.evaluate(() => (globalThis as unknown as InPage).location.hash);

/** Moves the dashboard to another address in place, as a typed address or a bookmark would. */
export const goToAddress = (page: Page, hash: string): Promise<void> =>
  page.evaluate((to) => {
    (globalThis as unknown as InPage).location.hash = to;
  }, hash);

/** Opens the dashboard at `view` (an address), signs in as `contact`, and waits for the view's heading. */
export async function signedIn(page: Page, url: string, view: string, heading: string, contact: { readonly email: string; readonly password: string } = DEMO_ADMIN): Promise<void> {
  await page.goto(`${url}/dashboard${view}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitSignIn(page, contact.email, contact.password);
  await visible(page.getByRole('heading', { level: 1, name: heading }));
}

/** The fake PSP's refund door (a fault injected there holds or refuses the dashboard's refunds). */
export const FAKE_PSP_REFUND_CALL = (method: string, path: string): boolean => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds$/.test(path);

/** The value a tranche's facts (its dl) give `label`. */
export const trancheFact = (tranche: Locator, label: string): Promise<string | null> => tranche.locator(`xpath=.//dt[normalize-space(.)='${label}']/following-sibling::dd[1]`).textContent();

/**
 * Refunds €20.00 of `tranche` from its form while the fake PSP's refund door answers 503, so the refund
 * stays pending, owed to the worker; the fault is lifted once the page has said the refund requested.
 */
export async function refundTwentyHeldPending(page: Page, tranche: Locator, injectFault: (matches: typeof FAKE_PSP_REFUND_CALL, status: number) => () => void): Promise<void> {
  const clearFault = injectFault(FAKE_PSP_REFUND_CALL, 503);
  try {
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    await tranche.getByLabel('Amount to refund (EUR)').fill('20');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await tranche.getByRole('button', { name: 'Yes, refund €20.00' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €20.00 requested' }));
  } finally {
    clearFault();
  }
}
