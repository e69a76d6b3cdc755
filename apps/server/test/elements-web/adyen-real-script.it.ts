import type { Browser, Page, Request } from 'playwright-core';
import { ADYEN_WEB_INTEGRITY, ADYEN_WEB_VERSION, adyenWebCspSources, adyenWebSdkUrl, adyenWebStylesheetUrl } from '@splitpay/psp-adyen';
import { adyenLocaleOf } from '@splitpay/psp-adyen/src/web/adyen-locale';
import { CLIENT_KEY, SETTINGS } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { serveRealAdyenWeb } from '../support/browser/adyen-web-real';
import { keepEvidence, launchChromium, openPage, type PageProblems } from '../support/browser/elements-browser';
import { MerchantPage } from '../support/browser/merchant-page';
import { providerService } from '../support/provider-service';

jest.setTimeout(60_000);

const SECURED_FIELDS = `https://checkoutshopper-test.adyen.com/checkoutshopper/securedfields/${CLIENT_KEY}/`;

/**
 * Our adapter as the service serves it, unmodified (Adyen's real pins), over Adyen Web 5.68.0's real
 * script and stylesheet (the npm package's files, answered for Adyen's CDN). Nothing else of Adyen's
 * is reachable: its secured fields' iframes never load, so no card can be typed or encrypted here.
 */
describe("Adyen Web's real script in Chromium", () => {
  const service = providerService([{ method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const adyen = adyenWebCspSources('test');
  const shop = new MerchantPage({ csp: adyen });
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let closeContext: () => Promise<void>;
  let requests: Request[];
  let adyenAsked: string[];

  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(), shop.start(service.h.url)]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop.close();
  });
  beforeEach(async () => {
    const opened = await openPage(browser);
    ({ page, problems } = opened);
    closeContext = () => opened.context.close();
    requests = [];
    page.on('request', (req) => requests.push(req));
    adyenAsked = await serveRealAdyenWeb(opened.context);
  });
  afterEach(async () => {
    await keepEvidence(page, expect.getState().currentTestName ?? 'test');
    await closeContext();
  });

  const securedFields = () => page.locator(`iframe[src^="${SECURED_FIELDS}"]`);

  async function openCheckout(orderId: string): Promise<void> {
    shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' })).elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Card' }).check();
    await securedFields().first().waitFor({ state: 'attached' });
  }

  it("runs under our pins, and mounts Adyen's card component with our client key, environment and locale: its secured fields' iframes on Adyen's origin, under the page's CSP", async () => {
    await openCheckout('adyen-real-mount');

    // Our adapter, as served; Adyen's real files, which Chromium took under the pins it carries.
    expect(requests.map((r) => r.url())).toContain(`${service.h.url}/psp/adyen/hosted-fields.js`);
    await expect(page.locator(`script[src="${adyenWebSdkUrl('test')}"]`).getAttribute('integrity')).resolves.toBe(ADYEN_WEB_INTEGRITY.js);
    await expect(page.locator(`link[rel="stylesheet"][href="${adyenWebStylesheetUrl('test')}"]`).getAttribute('integrity')).resolves.toBe(ADYEN_WEB_INTEGRITY.css);
    await expect(page.evaluate('typeof window.AdyenCheckout')).resolves.toBe('function');
    const rules = `[...document.styleSheets].find((s) => s.href === ${JSON.stringify(adyenWebStylesheetUrl('test'))}).cssRules.length`;
    await expect(page.evaluate(rules)).resolves.toBeGreaterThan(100);

    // Adyen's card, mounted in the components' card slot: number, expiry and security code, each
    // a placeholder for an iframe of Adyen's secured fields for our client key; its words in en-US (our 'en').
    const card = page.getByRole('group', { name: 'Card details' }).locator('.adyen-checkout__card-input');
    await card.waitFor({ state: 'attached' });
    // Adyen adds each field's iframe once the one before it has loaded (here: an offline page), so
    // how many are there yet is not told; the first is the card number's.
    await expect(securedFields().first().getAttribute('title')).resolves.toBe('Iframe for card number');
    for (const src of await securedFields().evaluateAll((frames) => frames.map((f) => f.getAttribute('src')))) {
      expect(src).toMatch(new RegExp(`^${SECURED_FIELDS}[0-9.]+/securedFields\\.html\\?type=card&d=`));
    }
    await expect(card.locator('.adyen-checkout-form-instruction').textContent()).resolves.toBe('All fields are required unless marked otherwise.');
    await expect(card.locator('[data-cse]').evaluateAll((fields) => fields.map((f) => f.getAttribute('data-cse')))).resolves.toEqual(['encryptedCardNumber', 'encryptedExpiryDate', 'encryptedSecurityCode']);
    expect(adyenAsked).toEqual(expect.arrayContaining([adyenWebSdkUrl('test'), adyenWebStylesheetUrl('test'), expect.stringMatching(`^${SECURED_FIELDS}`)]));
    // No CSP violation, no error of the page's own: only Adyen's unreachable calls failed.
    expect(problems.list).toEqual([]);
  });

  it("answers, as the adapter expects, an async AdyenCheckout whose checkout tells its version on its class; our config names are the ones it reads, and it speaks every locale we map to", async () => {
    await openCheckout('adyen-real-factory');
    const seen = (await page.evaluate(`(async () => {
      const answered = window.AdyenCheckout({ clientKey: ${JSON.stringify(CLIENT_KEY)}, environment: 'test', locale: 'fr-FR' });
      const checkout = await answered;
      const card = checkout.create('card', { showPayButton: false, onConfigSuccess: () => undefined, onError: () => undefined });
      return {
        promise: answered instanceof Promise,
        own: Object.keys(window.AdyenCheckout).concat(Object.keys(window.AdyenCheckout.version || {})),
        version: checkout.constructor.version.version,
        options: { clientKey: checkout.options.clientKey, environment: checkout.options.environment, locale: checkout.options.locale },
        card: { showPayButton: card.props.showPayButton, configSuccess: typeof card.props.onConfigSuccess, onError: typeof card.props.onError, isValid: card.isValid, showValidation: typeof card.showValidation, unmount: typeof card.unmount, mount: typeof card.mount },
      };
    })()`)) as Record<string, unknown>;
    expect(seen).toEqual({
      promise: true,
      own: [],
      version: ADYEN_WEB_VERSION,
      options: { clientKey: CLIENT_KEY, environment: 'test', locale: 'fr-FR' },
      card: { showPayButton: false, configSuccess: 'function', onError: 'function', isValid: false, showValidation: 'function', unmount: 'function', mount: 'function' },
    });

    // Each language we map (and a region of one) is a locale Adyen Web keeps and translates.
    const locales = ['en', 'fr', 'fr-BE', 'de', 'es', 'it', 'nl', 'pt'].map(adyenLocaleOf);
    const spoken = (await page.evaluate(`Promise.all(${JSON.stringify(locales)}.map(async (locale) => {
      const checkout = await window.AdyenCheckout({ clientKey: ${JSON.stringify(CLIENT_KEY)}, environment: 'test', locale });
      await checkout.modules.i18n.loaded;
      return [checkout.modules.i18n.locale, checkout.modules.i18n.get('payButton')];
    }))`)) as [string, string][];
    expect(spoken).toEqual([
      ['en-US', 'Pay'],
      ['fr-FR', 'Payer'],
      ['fr-BE', 'Payer'],
      ['de-DE', 'Zahle'],
      ['es-ES', 'Pagar'],
      ['it-IT', 'Paga'],
      ['nl-NL', 'Betaal'],
      ['pt-PT', 'Pagar'],
    ]);
  });

  it("Pay while Adyen's secured fields could not load: the card form could not be loaded (not the payer's card), no validation, nothing starts", async () => {
    await openCheckout('adyen-real-offline');
    await page.getByRole('button', { name: /^Pay .* with / }).click();
    await page.getByText('A part of the payment form could not be loaded.').first().waitFor();
    await expect(page.getByText('Check your card details: some are missing or not valid.').count()).resolves.toBe(0);
    await expect(page.locator('.adyen-checkout__error-text').evaluateAll((errors) => errors.map((e) => e.textContent).join(''))).resolves.toBe('');
    expect(requests.filter((r) => r.method() === 'POST' && r.url() === `${service.h.url}/elements/session/attempts`)).toEqual([]);
  });
});
