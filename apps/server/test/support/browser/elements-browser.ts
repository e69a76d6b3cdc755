import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { ManualClock } from '@splitpay/infra';
import { startService, type ServiceHarness } from '../service-harness';
import { DemoCheckoutPage } from './demo-checkout.page';

/**
 * Browser support of the payment components' end-to-end tests (elements-web and the demo checkout):
 * Debian's Chromium driven by playwright-core, never a downloaded browser; one browser per test file.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

const DEMO_MERCHANTS = path.join(__dirname, '..', '..', '..', 'demo-merchants.json');

/** The service with the demo merchants and its workers running (verdicts, captures, webhooks arrive by themselves). */
export async function startDemoService(env: NodeJS.ProcessEnv = {}): Promise<ServiceHarness> {
  const merchants = JSON.parse(await readFile(DEMO_MERCHANTS, 'utf8')) as object;
  const h = await startService({ merchants, clock: new ManualClock(Date.now()), env: { FAKE_PSP_DELAY_MS: '50', ...env } });
  h.instance.startWorkers(100);
  return h;
}

/** Everything a page did wrong: console errors, uncaught exceptions, CSP violations. */
export interface PageProblems {
  readonly list: string[];
}

/** A fresh context and page that records console errors, page errors and CSP violations. */
export async function openPage(browser: Browser, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 }, ...(options.bypassCSP ? { bypassCSP: true } : {}) });
  const page = await context.newPage();
  const problems: PageProblems = { list: [] };
  // A failed load is reported by its response (with its URL) rather than by the console's line.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.list.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) problems.list.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on('pageerror', (error) => problems.list.push(`pageerror: ${error.message}`));
  // Injected by the browser (not subject to the page's CSP); it reports every violation as an error.
  await context.addInitScript({
    content: "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
  });
  return { context, page, problems };
}

/** On failure, keeps a screenshot and the HTML of the page under test-results/ for a human. */
export async function keepEvidence(page: Page, name: string): Promise<void> {
  const dir = path.join(__dirname, '..', '..', '..', '..', '..', 'test-results');
  mkdirSync(dir, { recursive: true });
  const safe = name.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80);
  await page.screenshot({ path: path.join(dir, `${safe}.png`), fullPage: true }).catch(() => undefined);
  writeFileSync(path.join(dir, `${safe}.html`), await page.content().catch(() => ''));
}

/** One service and one browser for a test file; a fresh context per test, its last screen kept. */
export interface DemoBrowserSuite {
  readonly h: ServiceHarness;
  readonly browser: Browser;
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: PageProblems;
  /** The demo checkout on this test's page. */
  readonly shop: DemoCheckoutPage;
  /** The URLs of the POST requests this test's page sent to `pathname` so far. */
  postsTo(pathname: string): string[];
}

export function useDemoBrowser(options: { bypassCSP?: boolean } = {}): DemoBrowserSuite {
  const state: { h?: ServiceHarness; browser?: Browser; page?: Page; context?: BrowserContext; problems?: PageProblems; requests?: Request[] } = {};
  // A journey through pages takes seconds, more on a loaded machine; the waits inside are on conditions.
  jest.setTimeout(60_000);
  beforeAll(async () => {
    [state.h, state.browser] = await Promise.all([startDemoService(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await state.browser?.close();
    await state.h?.close();
  });
  beforeEach(async () => {
    const opened = await openPage(state.browser as Browser, options);
    state.page = opened.page;
    state.context = opened.context;
    state.problems = opened.problems;
    const requests: Request[] = [];
    opened.page.on('request', (req) => requests.push(req));
    state.requests = requests;
  });
  afterEach(async () => {
    // Kept for every test (a failed one included): the last screen and HTML, under test-results/.
    await keepEvidence(state.page as Page, expect.getState().currentTestName ?? 'test');
    await state.context?.close();
  });
  const get = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`${key} is not ready (outside a test?)`);
    return value as NonNullable<(typeof state)[K]>;
  };
  return {
    get h() {
      return get('h');
    },
    get browser() {
      return get('browser');
    },
    get page() {
      return get('page');
    },
    get context() {
      return get('context');
    },
    get problems() {
      return get('problems');
    },
    get shop() {
      return new DemoCheckoutPage(get('page'), get('h').url);
    },
    postsTo: (pathname) =>
      get('requests')
        .filter((req) => req.method() === 'POST' && new URL(req.url()).pathname === pathname)
        .map((req) => req.url()),
  };
}
