import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { keepEvidence, launchChromium, openPage, type PageProblems } from './elements-browser';
import { MerchantPage, type MerchantPageOptions } from './merchant-page';

/** What a test of the components on a merchant's page holds: the page's server, and this test's browser page. */
export interface MerchantPageBrowser {
  readonly shop: MerchantPage;
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: PageProblems;
  /** Every request the page made in this test (observed, never answered here). */
  readonly requests: Request[];
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
  const state: { browser?: Browser; page?: Page; context?: BrowserContext; problems?: PageProblems; requests?: Request[] } = {};
  beforeAll(async () => {
    [state.browser] = await Promise.all([launchChromium(), shop.start(serviceUrl())]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await shop.close();
  });
  beforeEach(async () => {
    const opened = await openPage(state.browser as Browser);
    const requests: Request[] = [];
    opened.page.on('request', (req) => requests.push(req));
    Object.assign(state, { ...opened, requests });
  });
  afterEach(async () => {
    if (state.page) await keepEvidence(state.page, expect.getState().currentTestName ?? 'test');
    await state.context?.close();
  });
  const get = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`${key} is not ready (outside a test?)`);
    return value as NonNullable<(typeof state)[K]>;
  };
  return {
    shop,
    get page() {
      return get('page');
    },
    get context() {
      return get('context');
    },
    get problems() {
      return get('problems');
    },
    get requests() {
      return get('requests');
    },
  };
}
