import type { ServiceHarness } from '../service-harness';
import { DEMO } from '../merchants.fixture';
import { startDemoService } from './elements-browser';
import type { MerchantPageOptions } from './merchant-page';
import { useMerchantPageBrowser, type MerchantPageBrowser } from './merchant-page-browser';


export interface DemoMerchantPageBrowser extends MerchantPageBrowser {
  /** The demo service (throws before it starts). */
  service(): ServiceHarness;
  /** Creates a session as the demo merchant (`request`: the session request's body) and gives its elements token to the merchant's page. */
  sessionOnPage(request: Record<string, unknown>): Promise<void>;
  /** Opens the merchant's checkout page, with the last session given, in this test's page. */
  openCheckout(): Promise<void>;
}

/**
 * For the calling describe block: the demo service (its workers running) and, against it, Chromium
 * and a merchant's page on its own origin (`useMerchantPageBrowser`, with `options`).
 */
export function useDemoMerchantPage(options: MerchantPageOptions = {}): DemoMerchantPageBrowser {
  let h: ServiceHarness | undefined;
  jest.setTimeout(60_000);
  beforeAll(async () => {
    h = await startDemoService();
  }, 60_000);
  afterAll(async () => h?.close());
  const service = (): ServiceHarness => {
    if (!h) throw new Error('the demo service starts before the first test');
    return h;
  };
  const b = useMerchantPageBrowser(() => service().url, options);
  return {
    shop: b.shop,
    current: () => b.current(),
    service,
    async sessionOnPage(request) {
      b.shop.elementsToken = (await service().createSession(request, DEMO)).elementsToken;
    },
    async openCheckout() {
      await b.current().page.goto(`${b.shop.url}/checkout`);
    },
  };
}
