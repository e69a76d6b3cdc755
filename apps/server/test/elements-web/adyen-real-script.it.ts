import type { Page } from 'playwright-core';
import { ADYEN_WEB_INTEGRITY, ADYEN_WEB_VERSION, adyenWebCspSources, adyenWebSdkUrl, adyenWebStylesheetUrl } from '@splitpay/psp-adyen';
import { adyenLocaleOf } from '@splitpay/psp-adyen/src/web/adyen-locale';
import { CLIENT_KEY, ENCRYPTED_CARD, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { ElementsClient } from '../support/elements-client';
import { serveRealAdyenWeb } from '../support/browser/adyen-web-real';
import { useMerchantPageBrowser } from '../support/browser/merchant-page-browser';
import type { MerchantPageOptions } from '../support/browser/merchant-page';
import { answerPost, providerService } from '../support/provider-service';
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
    /** The merchant's checkout page, mounted with this elements token. */
    async openPage(elementsToken: string): Promise<void> {
      b.shop.elementsToken = elementsToken;
      await b.current().page.goto(`${b.shop.url}/checkout`);
    },
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
      const changes = [];
      const card = checkout.create('card', { showPayButton: false, onConfigSuccess: () => undefined, onError: () => undefined, onChange: (state) => changes.push(state) });
      // A state change of the card, as its secured fields make one once a field is typed in (D111-c).
      card.setState({ data: { encryptedCardNumber: 'adyenjs_0_1_25$typed' } });
      return {
        changed: changes.map((state) => state && state.data && state.data.paymentMethod && state.data.paymentMethod.encryptedCardNumber),
        promise: answered instanceof Promise,
        own: Object.keys(window.AdyenCheckout).concat(Object.keys(window.AdyenCheckout.version || {})),
        version: checkout.constructor.version.version,
        options: { clientKey: checkout.options.clientKey, environment: checkout.options.environment, locale: checkout.options.locale, analytics: checkout.modules.analytics.getEnabled() },
        card: { showPayButton: card.props.showPayButton, configSuccess: typeof card.props.onConfigSuccess, onError: typeof card.props.onError, isValid: card.isValid, showValidation: typeof card.showValidation, unmount: typeof card.unmount, mount: typeof card.mount },
      };
    })()`)) as Record<string, unknown>;
    expect(seen).toEqual({
      // onChange gets the card's data, its paymentMethod holding the encrypted fields: what the adapter compares.
      changed: ['adyenjs_0_1_25$typed'],
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

  it('says the card form could not be loaded once the wait is over, without Pay: announced, reported as a LoadError, the card fields hidden (kept for a late configuration); Pay then starts nothing', async () => {
    await real.openCheckout('adyen-real-never-ready');
    const { page, requests } = real.current();
    await page.locator('.sp-hosted-fields').getByText('A part of the payment form could not be loaded.').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('A part of the payment form could not be loaded.');
    await expect(page.evaluate('window.__errors')).resolves.toEqual(['LoadError']);
    await expect(real.securedFields().count()).resolves.not.toBe(0);
    await expect(real.securedFields().first().isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: /^Pay .* with / }).click();
    await until(async () => ((await page.evaluate('window.__errors.length')) === 2 ? true : undefined), "the second LoadError");
    expect(requests.filter((r) => r.method() === 'POST' && r.url() === `${real.service.h.url}/elements/session/attempts`)).toEqual([]);
  });
});

/**
 * An attempt at Adyen whose fingerprint Adyen Web completes and submits (played), then whose
 * /payments/details answers a challenge on the issuer's access control server (played: its page has
 * an Approve button, which tells Adyen Web as the 3-D Secure notification page does); the page is
 * not open yet. Answers the results /payments/details received, the challenge requests the issuer
 * received, the challenge action and the elements token.
 */
/** The issuer's challenge is in the page: the status region said so, and focus is on its container, around Adyen Web's frame. */
async function challengeTold(page: Page): Promise<void> {
  const onContainer = "!!document.activeElement && document.activeElement.matches('.sp-page-action[tabindex=\"-1\"]') && document.activeElement.querySelector('iframe[name=\"threeDSIframe\"]') !== null";
  await until(async () => ((await page.evaluate(onContainer)) === true ? true : undefined), "focus on the challenge's container");
  expect(await page.locator('.sp-root [role="status"]').textContent()).toBe('Your bank asks you to confirm this payment');
  // Named by the step's short name, not by the sentence the region says (D64).
  expect(await page.evaluate("document.activeElement.getAttribute('aria-label')")).toBe('Card verification');
}

async function challengeAtAdyen(real: ReturnType<typeof realAdyenWebCheckout>, orderId: string, SUBMIT_FINGERPRINT: string, RESULT: string, challengeFrom: 'details' | 'fingerprint submission' = 'details') {
  const { page } = real.current();
  const b = real.service.h;
  const created = await b.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' });
  const ACS = 'https://acs.issuer.example';
  const fingerprintToken = Buffer.from(JSON.stringify({ threeDSMethodNotificationURL: 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDSMethodNotification.shtml', threeDSMethodUrl: '', threeDSServerTransID: '1a2b3c4d-0000-4000-8000-000000000001' })).toString('base64');
  const challengeToken = Buffer.from(JSON.stringify({ acsTransID: '5e6f7a8b-0000-4000-8000-000000000002', acsURL: `${ACS}/challenge`, messageVersion: '2.2.0', threeDSNotificationURL: `${ACS}/notify`, threeDSServerTransID: '1a2b3c4d-0000-4000-8000-000000000001' })).toString('base64');
  const fingerprint = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: fingerprintToken, paymentData: 'Ab02b4c0!fp-data' };
  const challenge = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: challengeToken, authorisationToken: 'Ab02b4c0!challenge-auth' };
  answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPREAL3DS000002', merchantReference: body.reference, action: fingerprint }));
  const details: Record<string, unknown>[] = [];
  if (challengeFrom === 'details') answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'ChallengeShopper', pspReference: 'PSPREAL3DS000002', action: challenge }));
  answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'Received', pspReference: 'PSPREAL3DS000002' }));
  const payer = new ElementsClient(b.url, created.elementsToken);
  const browserInfo = { userAgent: 'Mozilla/5.0', acceptHeader: '*/*', language: 'en-US', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: 0, javaEnabled: false };
  expect((await payer.start({ methodId: 'card', amount: 4_500, input: { method: 'card', token: JSON.stringify({ paymentMethod: ENCRYPTED_CARD, browserInfo, origin: 'https://shop.example' }) } })).status).toBe(201);

  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Allow-Methods': 'POST' };
  await page.route(`${SUBMIT_FINGERPRINT}?**`, (route) =>
    route.request().method() === 'OPTIONS' ? route.fulfill({ status: 204, headers: cors }) : route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify(challengeFrom === 'details' ? { type: 'completed', details: { threeDSResult: RESULT } } : { type: 'action', action: challenge }) }),
  );
  // The issuer's access control server: its challenge page, where the payer approves; it tells Adyen Web as the 3-D Secure notification page does.
  const creqs: string[] = [];
  await page.route(`${ACS}/**`, (route) => {
    creqs.push(route.request().postData() ?? '');
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Issuer</title></head><body><p>Approve this payment in your bank app.</p><button type="button" id="approve">Approve</button>
<script>document.getElementById('approve').addEventListener('click', function () { parent.postMessage(JSON.stringify({ type: 'challengeResult', result: { transStatus: 'Y' } }), '*'); });</script></body></html>`,
    });
  });

  return { details, creqs, challenge, elementsToken: created.elementsToken, ACS };
}

// Native 3-D Secure 2 (D59): the view's fingerprint, run by Adyen Web's own createFromAction.
describe("Adyen Web's real script runs a native 3-D Secure 2 fingerprint", () => {
  const real = realAdyenWebCheckout({}, { csp: adyenWebCspSources('test') });
  const SUBMIT_FINGERPRINT = 'https://checkoutshopper-test.adyen.com/checkoutshopper/v1/submitThreeDS2Fingerprint';
  const RESULT = 'eyJ0cmFuc1N0YXR1cyI6IlkiLCJhdXRob3Jpc2F0aW9uVG9rZW4iOiJyZWFsLXNjcmlwdCJ9';

  it("the page, mounted on an attempt whose view carries Adyen's fingerprint, runs it with Adyen Web; its onAdditionalDetails result reaches the confirm door and /payments/details", async () => {
    const { page, problems } = real.current();
    const b = real.service.h;
    const created = await b.createSession({ currency: 'EUR', total: 4_500, orderId: 'adyen-real-3ds2', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' });
    // The attempt started as the page would have (its card data from Adyen Web), Adyen answering a fingerprint.
    // No method URL for this card's issuer: Adyen Web completes the fingerprint at once and submits it to Adyen.
    const token = Buffer.from(JSON.stringify({ threeDSMethodNotificationURL: 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDSMethodNotification.shtml', threeDSMethodUrl: '', threeDSServerTransID: '0f8e4b6a-5d3c-4b2a-9e1f-7a6b5c4d3e2f' })).toString('base64');
    const fingerprint = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token, paymentData: 'Ab02b4c0!real-script-payment-data' };
    answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPREAL3DS000001', merchantReference: body.reference, action: fingerprint }));
    const details = answerPost(TEST_BASE, '/v71/payments/details', 200, () => ({ resultCode: 'Received', pspReference: 'PSPREAL3DS000001' }));
    const payer = new ElementsClient(b.url, created.elementsToken);
    const browserInfo = { userAgent: 'Mozilla/5.0', acceptHeader: '*/*', language: 'en-US', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: 0, javaEnabled: false };
    const started = await payer.start({ methodId: 'card', amount: 4_500, input: { method: 'card', token: JSON.stringify({ paymentMethod: ENCRYPTED_CARD, browserInfo, origin: 'https://shop.example' }) } });
    expect(started.status).toBe(201);

    // Adyen's fingerprint submission, played: Adyen says the authentication is done and gives its result.
    const submitted: unknown[] = [];
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Allow-Methods': 'POST' };
    await page.route(`${SUBMIT_FINGERPRINT}?**`, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      submitted.push({ url: route.request().url(), body: route.request().postDataJSON() as unknown });
      return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ type: 'completed', details: { threeDSResult: RESULT } }) });
    });
    // The page mounts (as after a reload): the view's action runs at once.
    await real.openPage(created.elementsToken);
    await until(() => (details.seen.length > 0 ? true : undefined), 'the result at /payments/details');
    expect(details.seen[0]?.body).toEqual({ details: { threeDSResult: RESULT } });
    // Adyen Web submitted the fingerprint itself, with our action's paymentData, to Adyen's origin (connect-src).
    expect(submitted).toEqual([{ url: `${SUBMIT_FINGERPRINT}?token=${CLIENT_KEY}`, body: expect.objectContaining({ paymentData: fingerprint.paymentData, fingerprintResult: expect.any(String) }) }]);
    const confirms = real.current().requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm')).map((r) => r.postDataJSON() as unknown);
    expect(confirms).toEqual([{ input: { method: 'card', details: { threeDSResult: RESULT } } }]);
    await page.getByText('Confirming your payment…').first().waitFor();
    expect(problems.list).toEqual([]);
  });

  it("a challenge Adyen answers the fingerprint's result with runs in the issuer's frame on the page (Adyen Web's form into its iframe, under the page's CSP); the payer approves, the result goes the same way", async () => {
    const { page, problems } = real.current();
    const { details, creqs, challenge, elementsToken } = await challengeAtAdyen(real, 'adyen-real-3ds2-challenge', SUBMIT_FINGERPRINT, RESULT);
    await real.openPage(elementsToken);
    const approve = page.frameLocator('iframe[name="threeDSIframe"]').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await challengeTold(page);
    // Adyen Web posted the challenge request (creq) from the page to the issuer, into its iframe.
    expect(creqs).toEqual([expect.stringMatching(/^creq=/)]);
    expect(details).toEqual([{ details: { threeDSResult: RESULT } }]);
    await approve.click();
    await until(() => (details.length === 2 ? true : undefined), "the challenge's result at /payments/details");
    const challengeResult = JSON.parse(Buffer.from(String((details[1]?.details as { threeDSResult?: string }).threeDSResult), 'base64').toString('utf8')) as unknown;
    // Adyen Web's own result: the issuer's status and the action's authorisation token.
    expect(challengeResult).toEqual({ transStatus: 'Y', authorisationToken: challenge.authorisationToken });
    await page.getByText('Confirming your payment…').first().waitFor();
    expect(problems.list).toEqual([]);
  });

  it("a challenge Adyen's fingerprint submission answers runs in the page without the service; only its result comes to the confirm door", async () => {
    const { page, problems } = real.current();
    const { details, challenge, elementsToken } = await challengeAtAdyen(real, 'adyen-real-3ds2-in-browser', SUBMIT_FINGERPRINT, RESULT, 'fingerprint submission');
    await real.openPage(elementsToken);
    const approve = page.frameLocator('iframe[name="threeDSIframe"]').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    // Adyen Web ran this challenge itself: its onActionHandled still reaches the adapter.
    await challengeTold(page);
    await approve.click();
    await until(() => (details.length === 1 ? true : undefined), "the challenge's result at /payments/details");
    const challengeResult = JSON.parse(Buffer.from(String((details[0]?.details as { threeDSResult?: string }).threeDSResult), 'base64').toString('utf8')) as unknown;
    expect(challengeResult).toEqual({ transStatus: 'Y', authorisationToken: challenge.authorisationToken });
    const confirms = real.current().requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm'));
    expect(confirms).toHaveLength(1);
    await page.getByText('Confirming your payment…').first().waitFor();
    expect(problems.list).toEqual([]);
  });
});

// A page that kept the sources of the redirect flow: the issuer's frame is refused.
describe("Adyen Web's real script, native 3-D Secure 2 under a CSP without the issuers", () => {
  const real = realAdyenWebCheckout({}, { csp: adyenWebCspSources('test', { threeDS: 'redirect' }) });

  it("Chromium refuses Adyen Web's challenge form to the issuer: such a page needs the contract's threeDS redirect", async () => {
    const { page, problems } = real.current();
    const { elementsToken, creqs, ACS } = await challengeAtAdyen(real, 'adyen-real-3ds2-strict-csp', 'https://checkoutshopper-test.adyen.com/checkoutshopper/v1/submitThreeDS2Fingerprint', 'eyJ0cmFuc1N0YXR1cyI6IlkifQ');
    await real.openPage(elementsToken);
    // Both directives the native flow adds are needed: the form's target (form-action) and the frame it navigates (frame-src).
    const violations = () => problems.list.filter((p) => p.includes('CSP violation')).sort();
    await until(() => (violations().length >= 2 ? true : undefined), "Chromium's refusals");
    expect(violations()).toEqual([`console: CSP violation: form-action ${ACS}/challenge`, `console: CSP violation: frame-src ${ACS}`]);
    expect(creqs).toEqual([]);
    await expect(page.locator('iframe[name="threeDSIframe"]').count()).resolves.toBe(1);
  });
});
