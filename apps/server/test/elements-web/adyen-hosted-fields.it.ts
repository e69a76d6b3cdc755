import { createHash } from 'node:crypto';
import nock from 'nock';
import type { Page, Request } from 'playwright-core';
import { ADYEN_WEB_INTEGRITY, ADYEN_WEB_VERSION, adyenWebCspSources } from '@splitpay/psp-adyen';
import { CLIENT_KEY, MERCHANT_ACCOUNT, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import type { PageProblems } from '../support/browser/elements-browser';
import { useMerchantPageBrowser } from '../support/browser/merchant-page-browser';
import { ElementsClient } from '../support/elements-client';
import { answerPost, providerService } from '../support/provider-service';
import { servedScript } from '../support/served-script';
import { until } from '../support/until';

jest.setTimeout(60_000);

const ADYEN_CDN = 'https://checkoutshopper-test.adyen.com';
const ADYEN_SDK = `${ADYEN_CDN}/checkoutshopper/sdk/${ADYEN_WEB_VERSION}`;
/** What Adyen Web 5.68.0 asks beyond its files once its card is mounted (as its dist/adyen.js does): a brand logo, a BIN lookup, analytics unless turned off. */
const ADYEN_LOGO = `${ADYEN_CDN}/checkoutshopper/images/logos/visa.svg`;
const ADYEN_BIN_LOOKUP = `${ADYEN_CDN}/checkoutshopper/v3/bin/binLookup`;
const ADYEN_ANALYTICS_CALL = 'https://checkoutanalytics-test.adyen.com/checkoutanalytics/v3/analytics';

/** What the stand-in's card component answers as `data`: Adyen Web's encrypted fields (opaque strings, no card data). */
const STAND_IN_ENCRYPTED = {
  encryptedCardNumber: 'adyenjs_0_1_25$standin-number',
  encryptedExpiryMonth: 'adyenjs_0_1_25$standin-month',
  encryptedExpiryYear: 'adyenjs_0_1_25$standin-year',
  encryptedSecurityCode: 'adyenjs_0_1_25$standin-cvc',
};

/**
 * A card issuer's access control server (3-D Secure 2), its own origin: the fingerprint page answers at
 * once, the challenge page when the payer approves; each tells the page's Adyen Web by postMessage.
 */
const ISSUER_ACS = 'https://acs.issuer.example';
const ACS_RESULTS = { fingerprint: 'eyJ0cmFuc1N0YXR1cyI6IkMifQ-stand-in-fingerprint', challenge: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ-stand-in-challenge' };
const acsPage = (subtype: 'fingerprint' | 'challenge'): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Issuer</title></head><body>
${subtype === 'challenge' ? '<p>Approve this payment in your bank app.</p><button type="button" id="approve">Approve</button>' : ''}
<script>
function answer() { parent.postMessage({ threeDSResult: '${ACS_RESULTS[subtype]}' }, '*'); }
${subtype === 'challenge' ? "document.getElementById('approve').addEventListener('click', answer);" : 'answer();'}
</script></body></html>`;

/** The stand-in's card fields, each load marked by a random `window.loadId`: a reload shows as a new one. */
const CARD_FIELDS_PATH = '/adyen-stand-in/card-fields.html';
const CARD_FIELDS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card fields</title>
<script>window.loadId = String(Math.random()).slice(2);</script></head><body>
<label>Adyen card number <input id="number" autocomplete="cc-number"></label>
<label>Adyen expiry date <input id="expiry" autocomplete="cc-exp"></label>
<label>Adyen security code <input id="cvc" autocomplete="cc-csc"></label>
</body></html>`;

/**
 * A stand-in of Adyen Web 5's script, written from its documented API: `AdyenCheckout(config)` answers
 * a promise of the checkout, `checkout.create('card', options)` a component with `mount(el)`, `isValid`,
 * `data` (`paymentMethod`, `browserInfo`, `origin`), `showValidation()` and `unmount()`, calling the
 * `onConfigSuccess` option once its fields' iframe has loaded; the checkout's class tells its version. Its fields
 * are in an iframe, as Adyen's are (CARD_FIELDS_PATH, on the merchant's origin so the stand-in reads
 * them directly; Adyen's are on its own and talk by postMessage): like Adyen's, they come back empty
 * if the iframe leaves the document, which reloads it. Mounted, it asks Adyen what Adyen Web does
 * (a brand logo, a BIN lookup, analytics unless `analytics.enabled` is false), so that the page's CSP is tried on them. It records what
 * it was asked on `window.__adyenStandIn`.
 */
const ADYEN_WEB_STAND_IN = `(function () {
  var calls = (window.__adyenStandIn = { configs: [], created: [], mounted: 0, configured: 0, validationShown: 0, unmounted: 0, answered: [], actions: [], edits: 0 });
  function Core() {}
  Core.version = { version: '${ADYEN_WEB_VERSION}', revision: 'stand-in', branch: 'stand-in', buildId: 'stand-in' };
  function ask(url) {
    fetch(url + '?clientKey=' + encodeURIComponent(calls.configs[0].clientKey), { method: 'POST', body: '{}' }).then(function (res) { calls.answered.push(res.status); }, function () { calls.answered.push(0); });
  }
  window.AdyenCheckout = function (config) {
    calls.configs.push({ clientKey: config.clientKey, environment: config.environment, locale: config.locale, analytics: config.analytics });
    var checkout = new Core();
    checkout.create = function (type, options) {
        calls.created.push({ type: type, options: options });
        var root, frame;
        function value(id) {
          var input = frame && frame.contentDocument ? frame.contentDocument.getElementById(id) : null;
          return input ? input.value : '';
        }
        var component = {
          mount: function (el) {
            root = document.createElement('div');
            root.className = 'adyen-checkout__card-input';
            frame = document.createElement('iframe');
            frame.className = 'adyen-checkout__card-fields';
            frame.title = 'Adyen card fields';
            frame.src = window.location.origin + '${CARD_FIELDS_PATH}';
            frame.addEventListener('load', function () {
              calls.configured += 1;
              options.onConfigSuccess({ iframesConfigured: true, type: 'card' });
              // As Adyen Web's onChange: the card's state, its encrypted data new once the payer typed.
              frame.contentDocument.addEventListener('input', function () {
                calls.edits += 1;
                if (options.onChange) options.onChange({ data: { paymentMethod: { type: 'scheme', encryptedCardNumber: 'adyenjs_0_1_25$standin-edit-' + calls.edits } }, isValid: component.isValid }, component);
              });
            });
            root.append(frame);
            var logo = document.createElement('img');
            logo.alt = '';
            logo.className = 'adyen-checkout__card__brand';
            logo.src = '${ADYEN_LOGO}';
            root.append(logo);
            el.append(root);
            ask('${ADYEN_BIN_LOOKUP}');
            if (!(config.analytics && config.analytics.enabled === false)) ask('${ADYEN_ANALYTICS_CALL}');
            calls.mounted += 1;
            return component;
          },
          showValidation: function () {
            calls.validationShown += 1;
            var error = document.createElement('span');
            error.className = 'adyen-checkout__error-text';
            error.textContent = 'Adyen: incomplete card details';
            root.append(error);
          },
          unmount: function () {
            if (root) root.remove();
            calls.unmounted += 1;
          }
        };
        Object.defineProperty(component, 'isValid', { get: function () { return /^\\d{16}$/.test(value('number')) && /^\\d\\d\\/\\d\\d$/.test(value('expiry')) && /^\\d{3}$/.test(value('cvc')); } });
        Object.defineProperty(component, 'data', {
          get: function () {
            return {
              clientStateDataIndicator: true,
              paymentMethod: { type: 'scheme', encryptedCardNumber: '${STAND_IN_ENCRYPTED.encryptedCardNumber}', encryptedExpiryMonth: '${STAND_IN_ENCRYPTED.encryptedExpiryMonth}', encryptedExpiryYear: '${STAND_IN_ENCRYPTED.encryptedExpiryYear}', encryptedSecurityCode: '${STAND_IN_ENCRYPTED.encryptedSecurityCode}' },
              browserInfo: { acceptHeader: '*/*', colorDepth: 24, language: navigator.language, javaEnabled: false, screenHeight: 900, screenWidth: 1200, userAgent: navigator.userAgent, timeZoneOffset: 0 },
              origin: window.location.origin
            };
          }
        });
        return component;
    };
    // Native 3-D Secure 2, as Adyen Web 5 runs it: a form of its own posted from the page into its own
    // iframe, to the issuer's access control server, whose answer it gets by postMessage; then onAdditionalDetails.
    checkout.createFromAction = function (action, options) {
      calls.actions.push({ action: action, challengeWindowSize: options.challengeWindowSize });
      return {
        mount: function (el) {
          var name = 'threeDSIframe' + calls.actions.length;
          var frame = document.createElement('iframe');
          frame.name = name;
          frame.title = 'Issuer 3-D Secure';
          var form = document.createElement('form');
          form.method = 'POST';
          form.action = '${ISSUER_ACS}/' + action.subtype;
          form.target = name;
          var field = document.createElement('input');
          field.type = 'hidden';
          field.name = action.subtype === 'fingerprint' ? 'threeDSMethodData' : 'creq';
          field.value = action.token;
          form.append(field);
          el.append(frame, form);
          window.addEventListener('message', function answered(event) {
            if (event.origin !== '${ISSUER_ACS}' || event.source !== frame.contentWindow) return;
            window.removeEventListener('message', answered);
            options.onAdditionalDetails({ data: { details: { threeDSResult: event.data.threeDSResult } } }, {});
          });
          form.submit();
          // As Adyen Web 5 does once the issuer's challenge page is in its frame (never for a fingerprint).
          frame.addEventListener('load', function loaded() {
            frame.removeEventListener('load', loaded);
            if (action.subtype === 'challenge' && options.onActionHandled) options.onActionHandled({ componentType: '3DS2Challenge', actionDescription: '3DS2 challenge iframe loaded' });
          });
        }
      };
    };
    return Promise.resolve(checkout);
  };
})();`;

const STAND_IN_CSS = '.adyen-checkout__input { border: 1px solid #b9c4c9; }';

/** A file's Subresource Integrity, as Chromium computes it. */
const sri = (body: string): string => `sha384-${createHash('sha384').update(body).digest('base64')}`;

/**
 * The stand-in is not Adyen's file, so Chromium would refuse it under Adyen's pins: the test pins the
 * stand-in's own hash in their place, in the adapter the service serves ('stand-in'), or only for the
 * script ('stand-in script'), or leaves the adapter as served ('as served': Adyen's pins).
 */
type Pins = 'stand-in' | 'stand-in script' | 'as served';
const STAND_IN_PINS: Record<Pins, Partial<Record<keyof typeof ADYEN_WEB_INTEGRITY, string>>> = {
  'stand-in': { js: sri(ADYEN_WEB_STAND_IN), css: sri(STAND_IN_CSS) },
  'stand-in script': { js: sri(ADYEN_WEB_STAND_IN) },
  'as served': {},
};

interface StandInCalls {
  readonly configs: { clientKey: string; environment: string; locale: string; analytics?: { enabled: boolean } }[];
  readonly created: { type: string; options: Record<string, unknown> }[];
  readonly mounted: number;
  readonly configured: number;
  readonly validationShown: number;
  readonly unmounted: number;
  /** The statuses of its BIN lookup and analytics calls (0: refused). */
  readonly answered: number[];
  /** The actions it was asked to run (createFromAction). */
  readonly actions: { action: Record<string, unknown>; challengeWindowSize: string }[];
}

// Our Adyen Web adapter, served by the service, over a stand-in of Adyen Web 5 (a short name: the
// evidence kept under test-results/ is named by the first 80 characters of the test's full name).
describe('Adyen card in Chromium', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  // The merchant's page adds exactly the sources psp-adyen names for Adyen Web (adyenWebCspSources),
  // and frames of its own (the stand-in's card fields), and polls every second, so that a view
  // changed elsewhere shows soon.
  const adyen = adyenWebCspSources('test');
  const pollEverySecond = 'poll: { maxMs: 1000, idleMs: 1000 }';
  const b = useMerchantPageBrowser(() => service.h.url, {
    csp: { ...adyen, 'style-src': ["'self'", ...adyen['style-src']], 'frame-src': ["'self'", ...adyen['frame-src']], 'img-src': ["'self'", 'data:', ...adyen['img-src']] },
    mountOptions: pollEverySecond,
  });
  const shop = b.shop;
  let page: Page;
  let problems: PageProblems;
  /** Every request the page made (observed, never answered by the test: the service answers its own doors). */
  let requests: Request[];
  /** The URLs of Adyen's CDN the page asked for, answered by the stand-in. */
  let adyenAsked: string[];
  let pins: Pins;

  beforeEach(async () => {
    ({ page, problems, requests } = b.current());
    shop.mountOptions = pollEverySecond;
    adyenAsked = [];
    pins = 'stand-in';
    // Only Adyen's CDN is played; a crossorigin script and stylesheet need CORS, as Adyen's CDN sends.
    await page.route(`${ADYEN_CDN}/**`, async (route) => {
      const url = route.request().url();
      adyenAsked.push(url);
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (url === ADYEN_LOGO) await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26"><rect width="40" height="26" fill="#1a1f71"/></svg>' });
      else if (url.startsWith(`${ADYEN_BIN_LOOKUP}?`)) await route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: '{"brands":[]}' });
      else if (url === `${ADYEN_SDK}/adyen.js`) await route.fulfill({ status: 200, contentType: 'text/javascript', headers: cors, body: ADYEN_WEB_STAND_IN });
      else if (url === `${ADYEN_SDK}/adyen.css`) await route.fulfill({ status: 200, contentType: 'text/css', headers: cors, body: STAND_IN_CSS });
      else await route.fulfill({ status: 404, body: '' });
    });
    await page.route(`${service.h.url}/psp/adyen/hosted-fields.js`, async (route) => {
      const response = await route.fetch();
      let body = await response.text();
      for (const [file, hash] of Object.entries(STAND_IN_PINS[pins])) {
        const pinned = ADYEN_WEB_INTEGRITY[file as keyof typeof ADYEN_WEB_INTEGRITY];
        // Adyen's pin is in the adapter once; the stand-in's takes its place.
        expect(body.split(pinned)).toHaveLength(2);
        body = body.replace(pinned, hash);
      }
      await route.fulfill({ response, body });
    });
    // The issuer's access control server, asked by the stand-in's 3-D Secure 2 forms.
    await page.route(`${ISSUER_ACS}/**`, (route) => {
      const subtype = new URL(route.request().url()).pathname.slice(1);
      return subtype === 'fingerprint' || subtype === 'challenge' ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: acsPage(subtype) }) : route.fulfill({ status: 404, body: '' });
    });
    // The stand-in's card fields, on the merchant's origin (its server knows nothing of them).
    await page.route(`${shop.url}${CARD_FIELDS_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: CARD_FIELDS }));
  });

  /** The stand-in's card fields, in their iframe. */
  const cardFields = () => page.frameLocator('iframe[title="Adyen card fields"]');

  /** Types a valid card (number, expiry, security code) into the stand-in's card fields. */
  async function fillValidCard(): Promise<void> {
    await cardFields().getByLabel('Adyen card number').fill('4111111111111111');
    await cardFields().getByLabel('Adyen expiry date').fill('03/30');
    await cardFields().getByLabel('Adyen security code').fill('737');
  }

  async function openCheckout(orderId: string, more: Record<string, unknown> = {}): Promise<void> {
    shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back', ...more })).elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Card' }).check();
    await cardFields().getByLabel('Adyen card number').waitFor();
    await until(async () => ((await standIn()).configured > 0 ? true : undefined), "the stand-in's card fields configured");
  }

  /** The focused element's accessible name and description as Chromium computes them (its accessibility tree, by DevTools). */
  const focusedAccessibleName = async (): Promise<{ name: string; description: string }> => {
    const devtools = await page.context().newCDPSession(page);
    try {
      const { result } = await devtools.send('Runtime.evaluate', { expression: 'document.activeElement' });
      const { nodes } = await devtools.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
      const node = nodes.find((n) => !n.ignored) ?? nodes[0];
      return { name: String(node?.name?.value ?? ''), description: String(node?.description?.value ?? '') };
    } finally {
      await devtools.detach();
    }
  };

  // Evaluated in the page (a string: this file is checked without the DOM library).
  const standIn = (): Promise<StandInCalls> => page.evaluate('window.__adyenStandIn') as Promise<StandInCalls>;
  const starts = (): Request[] => requests.filter((r) => r.method() === 'POST' && r.url() === `${service.h.url}/elements/session/attempts`);
  const payButton = () => page.getByRole('button', { name: /^Pay .* with / });

  it('loads our adapter from the service, which mounts Adyen Web with the client key, environment and locale; a valid card starts the attempt with its encrypted fields', async () => {
    await openCheckout('adyen-web-valid');

    // Our adapter came from the service itself and registered the components' interface.
    expect(requests.map((r) => r.url())).toContain(`${service.h.url}/psp/adyen/hosted-fields.js`);
    await expect(page.evaluate('typeof window.SplitPayHostedFields.mount')).resolves.toBe('function');
    // It loaded Adyen Web's pinned script and stylesheet for the test environment, and mounted one card component.
    expect(adyenAsked.filter((url) => url.startsWith(ADYEN_SDK)).sort()).toEqual([`${ADYEN_SDK}/adyen.css`, `${ADYEN_SDK}/adyen.js`]);
    await expect(page.locator(`script[src="${ADYEN_SDK}/adyen.js"]`).getAttribute('crossorigin')).resolves.toBe('anonymous');
    await expect(page.locator(`link[rel="stylesheet"][href="${ADYEN_SDK}/adyen.css"]`).getAttribute('crossorigin')).resolves.toBe('anonymous');
    // Pinned (the stand-in's hashes, which Chromium checked: the stand-in ran and its style applies).
    await expect(page.locator(`script[src="${ADYEN_SDK}/adyen.js"]`).getAttribute('integrity')).resolves.toBe(sri(ADYEN_WEB_STAND_IN));
    await expect(page.locator(`link[rel="stylesheet"][href="${ADYEN_SDK}/adyen.css"]`).getAttribute('integrity')).resolves.toBe(sri(STAND_IN_CSS));
    const mounted = await standIn();
    // Analytics off (the service's default), so the page's CSP needs no analytics origin.
    expect(mounted.configs).toEqual([{ clientKey: CLIENT_KEY, environment: 'test', locale: 'en-US', analytics: { enabled: false } }]);
    expect(mounted.created.map((c) => c.type)).toEqual(['card']);
    // The card entry's networks, as Adyen Web's brands: a card of another network is refused in its field (D74).
    expect(mounted.created[0]?.options.brands).toEqual(['cartebancaire', 'visa', 'mc']);
    expect(mounted.mounted).toBe(1);
    // What Adyen Web asks once mounted passes the page's CSP (no violation below): the logo shows, the calls are answered.
    await until(async () => ((await standIn()).answered.length === 1 ? true : undefined), "the stand-in's calls");
    expect((await standIn()).answered).toEqual([200]);
    // The logo loads on its own, unordered with the calls: read once the browser is done with it (loaded or refused).
    const logo = "document.querySelector('img.adyen-checkout__card__brand')";
    await until(async () => ((await page.evaluate(`${logo} !== null && ${logo}.complete`)) === true ? true : undefined), "the card logo's load over");
    await expect(page.evaluate(`${logo}.naturalWidth`)).resolves.toBe(40);
    expect(adyenAsked.filter((url) => !url.startsWith(ADYEN_SDK)).map((url) => url.split('?')[0]).sort()).toEqual([ADYEN_LOGO, ADYEN_BIN_LOOKUP]);

    // Pay: the adapter hands the component's data over; the service sends it to Adyen (nock plays Adyen).
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPWEB000000001', merchantReference: body.reference }));
    await fillValidCard();
    await payButton().click();
    await until(() => (payment.seen.length > 0 ? true : undefined), 'the payment at Adyen');
    await page.getByText('Confirming your payment…').first().waitFor();

    const [start] = starts();
    expect(starts()).toHaveLength(1);
    const sent = start?.postDataJSON() as { methodId: string; amount: number; input: { method: string; token: string } };
    expect(sent).toMatchObject({ amount: 4_500, input: { method: 'card' } });
    const token = JSON.parse(sent.input.token) as Record<string, unknown>;
    expect(token).toEqual({ paymentMethod: { type: 'scheme', ...STAND_IN_ENCRYPTED }, browserInfo: expect.objectContaining({ colorDepth: 24 }), origin: shop.url });
    expect(payment.seen).toHaveLength(1);
    expect(payment.seen[0]?.body).toMatchObject({
      merchantAccount: MERCHANT_ACCOUNT,
      amount: { value: 4_500, currency: 'EUR' },
      paymentMethod: { type: 'scheme', ...STAND_IN_ENCRYPTED },
      browserInfo: expect.objectContaining({ colorDepth: 24 }),
      origin: shop.url,
    });
    expect(problems.list).toEqual([]);
  });

  it.each([
    ['Adyen Web as served (its own pins): Chromium refuses the stand-in script and stylesheet', 'as served' as const, ['adyen.css', 'adyen.js']],
    ['a stylesheet that is not the pinned one: Chromium refuses it, though the script was taken', 'stand-in script' as const, ['adyen.css']],
  ])("%s, and Pay says the card form could not be loaded: nothing starts", async (_name, given, refused) => {
    pins = given;
    shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId: `adyen-web-refused-${refused.length}`, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' })).elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Card' }).check();
    await until(() => (problems.list.length >= refused.length ? true : undefined), "Chromium's refusals");
    expect(adyenAsked.sort()).toEqual([`${ADYEN_SDK}/adyen.css`, `${ADYEN_SDK}/adyen.js`]);
    // Chromium's own word: the digest of the file is not the one its integrity attribute pins.
    expect(problems.list.sort()).toEqual(refused.map((file) => expect.stringMatching(new RegExp(`^console: Failed to find a valid digest in the 'integrity' attribute for resource '${ADYEN_SDK}/${file}'.*blocked`))));
    if (refused.includes('adyen.js')) await expect(page.evaluate('typeof window.__adyenStandIn')).resolves.toBe('undefined');
    // The script taken may still be running when the stylesheet's refusal is seen (a loaded machine).
    else await until(async () => ((await page.evaluate('typeof window.__adyenStandIn')) === 'object' ? true : undefined), "the stand-in's script run", 15_000);
    // Taken away by the adapter on the link's error event, which Chromium fires after it logs its refusal.
    await page.locator(`link[href="${ADYEN_SDK}/adyen.css"]`).waitFor({ state: 'detached' });
    await expect(page.locator('iframe[title="Adyen card fields"]').count()).resolves.toBe(0);

    await payButton().click();
    await page.getByText('A part of the payment form could not be loaded.').first().waitFor();
    expect(starts()).toEqual([]);
  });

  it("a page with its own Adyen Web 5.x (5.60.0 here): the adapter mounts the card with it, adding neither our script nor our 5.68.0 stylesheet (the page's own is its to add)", async () => {
    await b.current().context.addInitScript({ content: ADYEN_WEB_STAND_IN.replace(`version: '${ADYEN_WEB_VERSION}'`, "version: '5.60.0'") });
    await openCheckout('adyen-web-page-own');
    expect(adyenAsked.filter((url) => url.startsWith(ADYEN_SDK))).toEqual([]);
    await expect(page.locator(`link[href^="${ADYEN_SDK}"], script[src^="${ADYEN_SDK}"]`).count()).resolves.toBe(0);
    const mounted = await standIn();
    expect(mounted.configs).toEqual([{ clientKey: CLIENT_KEY, environment: 'test', locale: 'en-US', analytics: { enabled: false } }]);
    expect(mounted.mounted).toBe(1);
    expect(problems.list).toEqual([]);
  });

  it('an invalid card: Adyen Web shows its validation, we ask to check the card (shown, announced, focused), and nothing starts', async () => {
    await openCheckout('adyen-web-invalid');
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, () => ({ resultCode: 'Received', pspReference: 'PSPWEB000000002' }));
    await cardFields().getByLabel('Adyen card number').fill('4111');
    await payButton().click();

    await page.getByText('Adyen: incomplete card details').waitFor();
    expect((await standIn()).validationShown).toBe(1);
    // Our own word, in our own error place: on the card group, which describes it and takes focus.
    const message = 'Check your card details: some are missing or not valid.';
    const card = page.getByRole('group', { name: 'Card details' });
    await card.getByText(message).waitFor();
    const describedBy = (await card.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(message);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(message);
    const focused = await page.evaluate('document.activeElement ? document.activeElement.id : ""');
    expect(focused).toBe(await card.getAttribute('id'));
    expect(focused).not.toBe('');
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await expect(payButton().isEnabled()).resolves.toBe(true);
    expect(starts()).toEqual([]);
    expect(payment.seen).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it("keeps Adyen's iframe, and what the payer typed in it, through every redraw: the amount, the terms box, a refused card, an error elsewhere, a polled change; then pays with it", async () => {
    await openCheckout('adyen-web-iframe-kept', { terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] });
    const loads = (): Promise<unknown> => {
      const frame = page.frames().find((f) => f.url().endsWith(CARD_FIELDS_PATH));
      return frame ? frame.evaluate('window.loadId') : Promise.resolve('no card fields');
    };
    const loadId = await loads();
    expect(loadId).toEqual(expect.any(String));
    /** The iframe was never reloaded: the same load, the payer's number and expiry still there. */
    const kept = async (): Promise<void> => {
      await expect(loads()).resolves.toBe(loadId);
      await expect(cardFields().getByLabel('Adyen card number').inputValue()).resolves.toBe('4111111111111111');
      await expect(cardFields().getByLabel('Adyen expiry date').inputValue()).resolves.toBe('03/30');
    };
    const acceptTerms = () => requests.filter((r) => r.method() === 'POST' && r.url() === `${service.h.url}/elements/session/accept-terms`);
    await cardFields().getByLabel('Adyen card number').fill('4111111111111111');
    await cardFields().getByLabel('Adyen expiry date').fill('03/30');

    // Redraws by the payer's own edits, then Pay (busy) refused by Adyen's validation (no security code).
    await page.getByLabel('Amount to pay with this method').fill('45.00');
    await page.getByLabel('I accept the terms of sale:').check();
    await payButton().click();
    await page.getByRole('group', { name: 'Card details' }).getByText('Check your card details: some are missing or not valid.').waitFor();
    await kept();
    // Tokenized before anything is recorded: a refused card sends no consent and starts nothing.
    expect(acceptTerms()).toEqual([]);
    expect(starts()).toEqual([]);

    // A field error elsewhere.
    await page.getByLabel('Amount to pay with this method').fill('99.00');
    await payButton().click();
    await page.locator('.sp-field__error', { hasText: 'Enter an amount within the range shown.' }).waitFor();
    await kept();
    await page.getByLabel('Amount to pay with this method').fill('45.00');

    // A view changed elsewhere (the terms accepted in another tab) arrives by polling: the box goes.
    expect((await new ElementsClient(service.h.url, shop.elementsToken).acceptTerms()).status).toBe(200);
    await page.getByLabel('I accept the terms of sale:').waitFor({ state: 'detached' });
    await kept();

    // The card is completed in the same fields and pays: Adyen's component read what survived.
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPWEB000000003', merchantReference: body.reference }));
    await cardFields().getByLabel('Adyen security code').fill('737');
    await payButton().click();
    await until(() => (payment.seen.length > 0 ? true : undefined), 'the payment at Adyen');
    expect(starts()).toHaveLength(1);
    expect(starts()[0]?.postDataJSON()).toMatchObject({ amount: 4_500, input: { method: 'card' } });
    const calls = await standIn();
    expect(calls.mounted).toBe(1);
    expect(calls.validationShown).toBe(1);
    expect(problems.list).toEqual([]);
  });

  it("card fields configured only after readyWithinMs (a slow network) are given back: the notice goes, the recovery is said once, focus stays, Pay pays", async () => {
    shop.mountOptions = `${pollEverySecond}, hostedFields: { readyWithinMs: 300 }`;
    // The stand-in's fields iframe answers only when the test says: Adyen Web's onConfigSuccess waits for it.
    let answerFields: () => void = () => undefined;
    const fieldsHeld = new Promise<void>((resolve) => (answerFields = resolve));
    await page.route(`${shop.url}${CARD_FIELDS_PATH}`, async (route) => {
      await fieldsHeld;
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: CARD_FIELDS });
    });
    shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId: 'adyen-web-late-ready', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' })).elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Card' }).check();
    const notLoaded = page.locator('.sp-hosted-fields').getByText('A part of the payment form could not be loaded.');
    await notLoaded.waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('A part of the payment form could not be loaded.');
    await expect(page.locator('iframe[title="Adyen card fields"]').isVisible()).resolves.toBe(false);
    await payButton().click();
    await page.locator('.sp-root').getByText('A part of the payment form could not be loaded.').nth(1).waitFor();
    expect(starts()).toEqual([]);

    // Every text the status region takes from now on (evaluated in the page, not subject to its CSP).
    await page.evaluate("(() => { const region = document.querySelector('.sp-root [role=\"status\"]'); window.__said = []; new MutationObserver(() => window.__said.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true }); })()");
    const focusedBefore = await page.evaluate('document.activeElement ? document.activeElement.id : ""');
    expect(focusedBefore).not.toBe('');
    answerFields();
    await notLoaded.waitFor({ state: 'detached' });
    await cardFields().getByLabel('Adyen card number').waitFor();
    await expect(page.locator('iframe[title="Adyen card fields"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('.sp-root').getByText('A part of the payment form could not be loaded.').count()).resolves.toBe(0);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('');
    await expect(page.locator('.sp-root [role="status"]').textContent()).resolves.toBe('The card form is ready.');
    await expect(page.evaluate('document.activeElement ? document.activeElement.id : ""')).resolves.toBe(focusedBefore);
    // The same component, kept hidden, never remounted.
    const calls = await standIn();
    expect(calls.mounted).toBe(1);
    expect(calls.unmounted).toBe(0);

    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPWEB000000009', merchantReference: body.reference }));
    await fillValidCard();
    await payButton().click();
    await until(() => (payment.seen.length > 0 ? true : undefined), 'the payment at Adyen');
    expect(starts()).toHaveLength(1);
    const said = (await page.evaluate('window.__said')) as string[];
    expect(said.filter((text) => text.trim() === 'The card form is ready.')).toHaveLength(1);
    expect(problems.list).toEqual([]);
  });

  it("serves Adyen's adapter at GET /psp/adyen/hosted-fields.js like the components' files (cacheable, revalidated by its ETag, loadable from any origin); no other provider's", async () => {
    const source = await servedScript(`${service.h.url}/psp/adyen/hosted-fields.js`);
    expect(source).toContain('SplitPayHostedFields');
    expect(source).toContain(`${ADYEN_WEB_VERSION}`);
    expect(source).toContain(ADYEN_WEB_INTEGRITY.js);
    expect(source).toContain(ADYEN_WEB_INTEGRITY.css);
    for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'cssText', '.style', 'console.']) expect(source).not.toContain(sink);

    // A provider that ships no adapter has none there.
    const none = await fetch(`${service.h.url}/psp/fake/hosted-fields.js`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'NotFound' });
  });

  it("runs native 3-D Secure 2 in the page: Adyen's fingerprint, then its challenge in the issuer's frame, each result sent to the confirm door and on to /payments/details; no CSP violation", async () => {
    await openCheckout('adyen-web-native-3ds');
    const fingerprint = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTTWV0aG9kVVJMIjoiYWNzIn0=', paymentData: 'Ab02b4c0!fp' };
    const challenge = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: 'eyJhY3NVUkwiOiJhY3MifQ==', paymentData: 'Ab02b4c0!ch' };
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPWEB3DS0000001', merchantReference: body.reference, action: fingerprint }));
    const details: Record<string, unknown>[] = [];
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'ChallengeShopper', pspReference: 'PSPWEB3DS0000001', action: challenge }));
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'Received', pspReference: 'PSPWEB3DS0000001' }));

    await fillValidCard();
    await payButton().click();
    await until(() => (payment.seen.length > 0 ? true : undefined), 'the payment at Adyen');
    // Native asked: the stand-in's card data carries the page's origin and browser.
    expect(payment.seen[0]?.body).toMatchObject({ authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } }, origin: shop.url, channel: 'Web' });

    // The fingerprint runs by itself; the challenge waits for the payer, in the issuer's frame on the page.
    const approve = page.frameLocator('iframe[title="Issuer 3-D Secure"]').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    expect(details).toEqual([{ details: { threeDSResult: ACS_RESULTS.fingerprint } }]);
    // The payer is told, and focus waits on the challenge's container, next to the issuer's frame.
    const focusOnChallenge = "!!document.activeElement && document.activeElement.matches('.sp-page-action[tabindex=\"-1\"]') && document.activeElement.querySelector('iframe[title=\"Issuer 3-D Secure\"]') !== null";
    await until(async () => ((await page.evaluate(focusOnChallenge)) === true ? true : undefined), "focus on the challenge's container");
    // Said once: the container takes focus under the step's short name (what a screen reader says on
    // focus, as Chromium computes it), and the instruction comes from the status region alone.
    const instruction = 'Your bank asks you to confirm this payment';
    const spokenOnFocus = await focusedAccessibleName();
    expect(spokenOnFocus).toEqual({ name: 'Card verification', description: '' });
    const statusText = (await page.locator('.sp-root [role="status"]').textContent()) ?? '';
    expect(statusText).toBe(instruction);
    expect([spokenOnFocus.name, spokenOnFocus.description, statusText].join('\n').split(instruction)).toHaveLength(2);
    // Still shown to the payer who sees it, beside the issuer's frame.
    await expect(page.locator('.sp-page-action').getByText(instruction).isVisible()).resolves.toBe(true);
    await approve.click();
    await until(() => (details.length === 2 ? true : undefined), "the challenge's result at Adyen");
    expect(details[1]).toEqual({ details: { threeDSResult: ACS_RESULTS.challenge } });
    await page.getByText('Confirming your payment…').first().waitFor();

    const confirms = requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm')).map((r) => r.postDataJSON() as unknown);
    expect(confirms).toEqual([
      { input: { method: 'card', details: { threeDSResult: ACS_RESULTS.fingerprint } } },
      { input: { method: 'card', details: { threeDSResult: ACS_RESULTS.challenge } } },
    ]);
    const ran = await standIn();
    expect(ran.actions).toEqual([
      { action: fingerprint, challengeWindowSize: '05' },
      { action: challenge, challengeWindowSize: '05' },
    ]);
    // Nothing is left to run: the issuer's frame is gone, the view says only that the payment is being confirmed.
    await until(async () => ((await page.locator('iframe[title="Issuer 3-D Secure"]').count()) === 0 ? true : undefined), "the issuer's frame gone");
    expect(problems.list).toEqual([]);
  });

  // D131: the start's /payments unanswered through the driver's resends (same key); the door answers 500 once the attempt is recorded in flight.
  it('a start Adyen does not answer (three 5xx): the page reads the session at once and shows the payment being confirmed, never a failure; Pay is not given back', async () => {
    await openCheckout('adyen-web-start-5xx');
    const keys: unknown[] = [];
    nock(TEST_BASE).post('/v71/payments').times(3).reply(function () {
      keys.push(this.req.headers['idempotency-key']);
      return [503, { status: 503, errorCode: '000', message: 'busy', errorType: 'internal' }];
    });
    await fillValidCard();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === `${service.h.url}/elements/session/attempts`);
    await payButton().click();
    expect((await answered).status()).toBe(500);
    await page.getByText('Confirming your payment…').first().waitFor();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(starts()).toHaveLength(1);
    expect(await page.getByText('Something went wrong. Try again.').count()).toBe(0);
    expect(await payButton().count()).toBe(0);
    expect(problems.list).toEqual(['500 POST /elements/session/attempts']);
  });

  // D111-c (D102-e for an acquirer's card): Pay's answer lost and the session unreadable, Pay is given
  // back; pressed again, the same card keeps the press's key (the service answers the attempt it made),
  // a card typed again in Adyen's fields is another payment under a new key.
  it.each(['the same card', 'a card typed again'] as const)("Pay's answer lost, then pressed again with %s", async (again) => {
    await openCheckout(`adyen-web-lost-start-${again.length}`);
    const payments = [
      answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Refused', refusalReason: 'Refused', pspReference: 'PSPWEBLOST000001', merchantReference: body.reference })),
      answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPWEBLOST000002', merchantReference: body.reference })),
    ];
    let token = '';
    await page.route(`${service.h.url}/elements/session/attempts`, async (route) => {
      if (token || route.request().method() !== 'POST') return route.continue();
      token = (route.request().headers().authorization ?? '').replace(/^Bearer /, '');
      expect((await route.fetch()).status()).toBe(201);
      return route.abort('connectionreset');
    });
    let readLost = false;
    await page.route(`${service.h.url}/elements/session`, (route) => {
      if (readLost || !token) return route.continue();
      readLost = true;
      return route.abort('internetdisconnected');
    });

    await fillValidCard();
    await payButton().click();
    await page.getByText('The connection failed. Check it and try again.').first().waitFor();
    await new ElementsClient(service.h.url, token).waitFor((v) => v.attempts.length === 1 && v.attempts[0]?.status === 'DECLINED');
    if (again === 'a card typed again') {
      await cardFields().getByLabel('Adyen card number').fill('5555555555554444');
      await cardFields().getByLabel('Adyen security code').fill('123');
    }
    await payButton().click();
    await until(() => (starts().length === 2 ? true : undefined), 'the second start');
    const keys = starts().map((r) => r.headers()['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    const view = await new ElementsClient(service.h.url, token).waitFor((v) => v.attempts.length === (again === 'the same card' ? 1 : 2));
    if (again === 'the same card') {
      // The service answered the attempt the first press made: no second payment at Adyen.
      expect(keys[1]).toBe(keys[0]);
      expect(payments[1]?.seen).toEqual([]);
      expect(view.attempts.map((a) => a.status)).toEqual(['DECLINED']);
    } else {
      expect(keys[1]).toBeTruthy();
      expect(keys[1]).not.toBe(keys[0]);
      expect(payments[1]?.seen).toHaveLength(1);
      expect(view.attempts.map((a) => a.status)).toEqual(['DECLINED', 'AUTHORIZING']);
    }
  });

  // D111-a: the challenge's result posted, its answer held past the page's 20 s deadline. 'answer': the
  // service got the result (Adyen has it) and the answer is lost; 'request': the result never arrived.
  it.each(['answer', 'request'] as const)("3-D Secure's result whose confirm goes unanswered (its %s lost): the page reads the session, goes on with the payment, never left waiting", async (lost) => {
    await openCheckout(`adyen-web-3ds-lost-${lost}`);
    const fingerprint = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTTWV0aG9kVVJMIjoiYWNzIn0=', paymentData: 'Ab02b4c0!fp' };
    const challenge = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: 'eyJhY3NVUkwiOiJhY3MifQ==', paymentData: 'Ab02b4c0!ch' };
    answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPWEB3DSLOST001', merchantReference: body.reference, action: fingerprint }));
    const details: Record<string, unknown>[] = [];
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'ChallengeShopper', pspReference: 'PSPWEB3DSLOST001', action: challenge }));
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'Received', pspReference: 'PSPWEB3DSLOST001' }));
    let confirms = 0;
    await page.route('**/elements/session/attempts/*/confirm', async (route) => {
      confirms += 1;
      if (confirms !== 2) return route.continue();
      if (lost === 'answer') await route.fetch();
      // Held: no answer ever reaches the page.
      return new Promise<void>(() => undefined);
    });

    await fillValidCard();
    await payButton().click();
    const approve = page.frameLocator('iframe[title="Issuer 3-D Secure"]').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await approve.click();
    // Given up at 20 s, the session read: the payer sees the payment being confirmed and may act again.
    const cancel = page.getByRole('button', { name: 'Cancel payment' });
    await until(async () => ((await cancel.isEnabled()) && confirms === (lost === 'answer' ? 2 : 3) ? true : undefined), 'the page back from the unanswered confirm', 45_000);
    await page.getByText('Confirming your payment…').first().waitFor();
    await until(() => (details.length === 2 ? true : undefined), "the challenge's result at Adyen");
    // Adyen got the challenge's result once; the page sent it again only when the session showed it never arrived.
    expect(details[1]).toEqual({ details: { threeDSResult: ACS_RESULTS.challenge } });
    const posted = requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm')).map((r) => r.postDataJSON() as unknown);
    expect(posted.slice(1)).toEqual(Array(lost === 'answer' ? 1 : 2).fill({ input: { method: 'card', details: { threeDSResult: ACS_RESULTS.challenge } } }));
    await expect(page.getByText('The connection failed').count()).resolves.toBe(0);
    await expect(page.getByText('The payment service cannot be reached').count()).resolves.toBe(0);
  });

  // D117: the challenge's result never arrives, neither first nor at its three resends (1 s, 4 s, 15 s),
  // while every read of the session answers: a later poll that still shows the challenge due sends the
  // same result again, and the payment goes on. Before, the page waited until the session expired.
  it("3-D Secure's result lost beyond its resends is sent again at a later poll that shows it still due", async () => {
    await openCheckout('adyen-web-3ds-lost-resends');
    const fingerprint = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTTWV0aG9kVVJMIjoiYWNzIn0=', paymentData: 'Ab02b4c0!fp' };
    const challenge = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: 'eyJhY3NVUkwiOiJhY3MifQ==', paymentData: 'Ab02b4c0!ch' };
    answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPWEB3DSRESEND1', merchantReference: body.reference, action: fingerprint }));
    const details: Record<string, unknown>[] = [];
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'ChallengeShopper', pspReference: 'PSPWEB3DSRESEND1', action: challenge }));
    answerPost(TEST_BASE, '/v71/payments/details', 200, (body) => (details.push(body), { resultCode: 'Received', pspReference: 'PSPWEB3DSRESEND1' }));
    // The fingerprint's result goes through; the challenge's first four (the send and its three resends) never arrive.
    let confirms = 0;
    await page.route('**/elements/session/attempts/*/confirm', (route) => {
      confirms += 1;
      return confirms >= 2 && confirms <= 5 ? route.abort('connectionreset') : route.continue();
    });

    await fillValidCard();
    await payButton().click();
    const approve = page.frameLocator('iframe[title="Issuer 3-D Secure"]').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await approve.click();
    await until(() => (details.length === 2 ? true : undefined), "the challenge's result at Adyen, sent again at a later poll", 60_000);
    expect(details[1]).toEqual({ details: { threeDSResult: ACS_RESULTS.challenge } });
    await page.getByText('Confirming your payment…').first().waitFor();
    await until(async () => ((await page.locator('iframe[title="Issuer 3-D Secure"]').count()) === 0 ? true : undefined), "the issuer's frame gone");
    // The same result every time, and none after it arrived.
    const posted = requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm')).map((r) => r.postDataJSON() as unknown);
    expect(posted.slice(1)).toEqual(Array(5).fill({ input: { method: 'card', details: { threeDSResult: ACS_RESULTS.challenge } } }));
    await expect(page.getByText('The connection failed').count()).resolves.toBe(0);
  }, 100_000);
});
