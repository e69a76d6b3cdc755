import type { Page } from 'playwright-core';
import { ADYEN_WEB_INTEGRITY, ADYEN_WEB_VERSION, adyenWebCspSources, adyenWebSdkUrl, adyenWebStylesheetUrl } from '@splitpay/psp-adyen';
import { adyenLocaleOf } from '@splitpay/psp-adyen/src/web/adyen-locale';
import { CLIENT_KEY, SETTINGS } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { serveRealAdyenWeb } from '../support/browser/adyen-web-real';
import { useMerchantPageBrowser } from '../support/browser/merchant-page-browser';
import type { MerchantPageOptions } from '../support/browser/merchant-page';
import { providerService } from '../support/provider-service';
import { until } from '../support/until';

jest.setTimeout(60_000);

const SECURED_FIELDS = `https://checkoutshopper-test.adyen.com/checkoutshopper/securedfields/${CLIENT_KEY}/`;
const ANALYTICS_ORIGIN = 'https://checkoutanalytics-test.adyen.com/';
/** Adyen Web 5.68.0's analytics pixel, an image on checkoutshopper asked once its analytics are set up. */
const ANALYTICS_PIXEL = '/checkoutshopper/images/analytics.png';
const CARD_AT_ADYEN = { method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } };

/**
 * For the calling describe block: the service (more `env`) with a card at Adyen, Chromium, and the
 * merchant's page (`page` options: its CSP, its mount options), where Adyen's CDN answers with Adyen
 * Web's real files and every other Adyen origin is offline.
 */
function realAdyenWebCheckout(env: NodeJS.ProcessEnv, pageOptions: MerchantPageOptions) {
  const service = providerService([CARD_AT_ADYEN], { env });
  const b = useMerchantPageBrowser(() => service.h.url, pageOptions);
  const state = { adyenAsked: [] as string[] };
  beforeEach(async () => {
    state.adyenAsked = await serveRealAdyenWeb(b.current().context);
  });
  const securedFields = (page: Page) => page.locator(`iframe[src^="${SECURED_FIELDS}"]`);
  return {
    service,
    /** The URLs this test's page asked of Adyen's origins, in order. */
    adyenAsked: () => state.adyenAsked,
    securedFields: () => securedFields(b.current().page),
    /** This test's page, its context, problems and requests. */
    current: () => b.current(),
    /** A session paid by card at Adyen, its checkout open on the merchant's page with the card chosen: Adyen's card fields are placed. */
    async openCheckout(orderId: string): Promise<void> {
      const { page } = b.current();
      b.shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' })).elementsToken;
      await page.goto(`${b.shop.url}/checkout`);
      await page.getByRole('radio', { name: 'Card' }).check();
      await securedFields(page).first().waitFor({ state: 'attached' });
    },
  };
}

/**
 * Our adapter as the service serves it, unmodified (Adyen's real pins), over Adyen Web 5.68.0's real
 * script and stylesheet (the npm package's files, answered for Adyen's CDN). Nothing else of Adyen's
 * is reachable: its secured fields' iframes never load, so no card can be typed or encrypted here.
 */
describe("Adyen Web's real script in Chromium", () => {
  const adyen = adyenWebCspSources('test');
  const real = realAdyenWebCheckout({}, { csp: adyen });
  const { service, current, openCheckout, securedFields } = real;

  it("runs under our pins, and mounts Adyen's card component with our client key, environment and locale: its secured fields' iframes on Adyen's origin, under the page's CSP", async () => {
    await openCheckout('adyen-real-mount');
    const { page, requests, problems } = current();
    const adyenAsked = real.adyenAsked();

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
    const { page } = current();
    const seen = (await page.evaluate(`(async () => {
      const answered = window.AdyenCheckout({ clientKey: ${JSON.stringify(CLIENT_KEY)}, environment: 'test', locale: 'fr-FR', analytics: { enabled: false } });
      const checkout = await answered;
      const card = checkout.create('card', { showPayButton: false, onConfigSuccess: () => undefined, onError: () => undefined });
      return {
        promise: answered instanceof Promise,
        own: Object.keys(window.AdyenCheckout).concat(Object.keys(window.AdyenCheckout.version || {})),
        version: checkout.constructor.version.version,
        options: { clientKey: checkout.options.clientKey, environment: checkout.options.environment, locale: checkout.options.locale, analytics: checkout.modules.analytics.getEnabled() },
        card: { showPayButton: card.props.showPayButton, configSuccess: typeof card.props.onConfigSuccess, onError: typeof card.props.onError, isValid: card.isValid, showValidation: typeof card.showValidation, unmount: typeof card.unmount, mount: typeof card.mount },
      };
    })()`)) as Record<string, unknown>;
    expect(seen).toEqual({
      promise: true,
      own: [],
      version: ADYEN_WEB_VERSION,
      options: { clientKey: CLIENT_KEY, environment: 'test', locale: 'fr-FR', analytics: false },
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
    const { page, requests } = current();
    await page.getByRole('button', { name: /^Pay .* with / }).click();
    await page.getByText('A part of the payment form could not be loaded.').first().waitFor();
    await expect(page.getByText('Check your card details: some are missing or not valid.').count()).resolves.toBe(0);
    await expect(page.locator('.adyen-checkout__error-text').evaluateAll((errors) => errors.map((e) => e.textContent).join(''))).resolves.toBe('');
    expect(requests.filter((r) => r.method() === 'POST' && r.url() === `${service.h.url}/elements/session/attempts`)).toEqual([]);
  });

  it("sends Adyen no analytics by default: nothing asked of checkoutanalytics (nor its pixel), through the mount and a Pay, under a CSP without that origin", async () => {
    await openCheckout('adyen-real-no-analytics');
    // With analytics on, Adyen Web asks checkoutanalytics before its card's logo (the next describe).
    await until(() => (real.adyenAsked().some((url) => url.endsWith('/images/logos/nocard.svg')) ? true : undefined), "Adyen Web's card logo");
    const { page, problems } = current();
    await page.getByRole('button', { name: /^Pay .* with / }).click();
    await page.getByText('A part of the payment form could not be loaded.').first().waitFor();
    expect(real.adyenAsked().filter((url) => url.startsWith(ANALYTICS_ORIGIN) || url.includes(ANALYTICS_PIXEL))).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});

// The operator turned Adyen Web's analytics on: the page's CSP then adds their origin.
describe("Adyen Web's real script with ADYEN_WEB_ANALYTICS=on", () => {
  const real = realAdyenWebCheckout({ ADYEN_WEB_ANALYTICS: 'on' }, { csp: adyenWebCspSources('test', { analytics: true }) });

  it('asks checkoutanalytics once the card is mounted (offline here: Adyen Web only warns), with no CSP violation', async () => {
    await real.openCheckout('adyen-real-analytics');
    // Its analytics call, then (once that failed) its pixel on checkoutshopper.
    await until(() => (real.adyenAsked().some((url) => url.includes(ANALYTICS_PIXEL)) ? true : undefined), "Adyen Web's analytics pixel");
    expect(real.adyenAsked().filter((url) => url.startsWith(ANALYTICS_ORIGIN)).map((url) => url.split('?')[0])).toEqual([`${ANALYTICS_ORIGIN}checkoutanalytics/v3/analytics`]);
    expect(real.current().requests.map((r) => r.url())).toContain(`${real.service.h.url}/psp/adyen/hosted-fields.js?analytics=on`);
    expect(real.current().problems.list).toEqual([]);
  });
});

// A page that waits 1.5 s at most for the card fields (the components' option; 30 s by default).
describe("Adyen Web's real script, its secured fields never configured", () => {
  const real = realAdyenWebCheckout({}, { csp: adyenWebCspSources('test'), mountOptions: "hostedFields: { readyWithinMs: 1500 }, onError: (e) => (window.__errors = (window.__errors || []).concat(e.code))" });

  it('says the card form could not be loaded once the wait is over, without Pay: announced, reported as a LoadError, the card fields gone; Pay then starts nothing', async () => {
    await real.openCheckout('adyen-real-never-ready');
    const { page, requests } = real.current();
    await page.locator('.sp-hosted-fields').getByText('A part of the payment form could not be loaded.').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('A part of the payment form could not be loaded.');
    await expect(page.evaluate('window.__errors')).resolves.toEqual(['LoadError']);
    await expect(real.securedFields().count()).resolves.toBe(0);

    await page.getByRole('button', { name: /^Pay .* with / }).click();
    await page.waitForFunction('window.__errors.length === 2');
    expect(requests.filter((r) => r.method() === 'POST' && r.url() === `${real.service.h.url}/elements/session/attempts`)).toEqual([]);
  });
});
