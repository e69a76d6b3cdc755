import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { keepEvidence, launchChromium, openPage, type PageProblems } from './elements-browser';
import { MerchantPage, type MerchantPageOptions } from './merchant-page';

/** This test's browser page on the merchant's origin. */
export interface OpenedMerchantPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: PageProblems;
  /** Every request the page made in this test (observed, never answered here). */
  readonly requests: Request[];
}

export interface MerchantPageBrowser {
  /** The merchant page's server: set its `elementsToken`, then open `${shop.url}/checkout`. */
  readonly shop: MerchantPage;
  /** The page opened for the running test (throws outside a test). */
  current(): OpenedMerchantPage;
}

/**
 * For the calling describe block: Chromium and the merchant's page on its own origin (`options`: its
 * CSP sources and mount options), both started before the first test against the service at
 * `serviceUrl()` and closed after the last; a fresh context and page per test, recording its requests
 * and problems, whose evidence is kept under test-results/ after it. A describe's own `beforeEach`,
 * declared after this call, runs after the page is opened.
 */
export function useMerchantPageBrowser(serviceUrl: () => string, options: MerchantPageOptions = {}): MerchantPageBrowser {
  const shop = new MerchantPage(options);
  let browser: Browser | undefined;
  let opened: OpenedMerchantPage | undefined;
  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(), shop.start(serviceUrl())]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop.close();
  });
  beforeEach(async () => {
    const fresh = await openPage(browser as Browser);
    const requests: Request[] = [];
    fresh.page.on('request', (req) => requests.push(req));
    opened = { ...fresh, requests };
  });
  afterEach(async () => {
    if (!opened) return;
    await keepEvidence(opened.page, expect.getState().currentTestName ?? 'test');
    await opened.context.close();
    opened = undefined;
  });
  return {
    shop,
    current() {
      if (!opened) throw new Error('the merchant page opens before each test');
      return opened;
    },
  };
}
