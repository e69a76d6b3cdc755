import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Request } from 'playwright-core';
import { ADYEN_WEB_VERSION } from '@splitpay/psp-adyen';
import { CLIENT_KEY, MERCHANT_ACCOUNT, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { keepEvidence, launchChromium, openPage, type PageProblems } from '../support/browser/elements-browser';
import { answerPost, providerService } from '../support/provider-service';
import { until } from '../support/until';

jest.setTimeout(60_000);

const ADYEN_CDN = 'https://checkoutshopper-test.adyen.com';
const ADYEN_SDK = `${ADYEN_CDN}/checkoutshopper/sdk/${ADYEN_WEB_VERSION}`;

/** What the stand-in's card component answers as `data`: Adyen Web's encrypted fields (opaque strings, no card data). */
const STAND_IN_ENCRYPTED = {
  encryptedCardNumber: 'adyenjs_0_1_25$standin-number',
  encryptedExpiryMonth: 'adyenjs_0_1_25$standin-month',
  encryptedExpiryYear: 'adyenjs_0_1_25$standin-year',
  encryptedSecurityCode: 'adyenjs_0_1_25$standin-cvc',
};

/**
 * A stand-in of Adyen Web 5's script, written from its documented API: `AdyenCheckout(config)` answers
 * a promise of the checkout, `checkout.create('card', options)` a component with `mount(el)`, `isValid`,
 * `data` (`paymentMethod`, `browserInfo`, `origin`), `showValidation()` and `unmount()`. Its fields are
 * plain inputs (Adyen's are iframes of its own); it records what it was asked on `window.__adyenStandIn`.
 */
const ADYEN_WEB_STAND_IN = `(function () {
  var calls = (window.__adyenStandIn = { configs: [], created: [], mounted: 0, validationShown: 0, unmounted: 0 });
  function field(root, label) {
    var wrap = document.createElement('label');
    wrap.className = 'adyen-checkout__label';
    var text = document.createElement('span');
    text.textContent = label;
    var input = document.createElement('input');
    input.className = 'adyen-checkout__input';
    wrap.append(text, input);
    root.append(wrap);
    return input;
  }
  window.AdyenCheckout = function (config) {
    calls.configs.push({ clientKey: config.clientKey, environment: config.environment, locale: config.locale });
    return Promise.resolve({
      create: function (type, options) {
        calls.created.push({ type: type, options: options });
        var root, number, expiry, cvc;
        var component = {
          mount: function (el) {
            root = document.createElement('div');
            root.className = 'adyen-checkout__card-input';
            number = field(root, 'Adyen card number');
            expiry = field(root, 'Adyen expiry date');
            cvc = field(root, 'Adyen security code');
            el.append(root);
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
        Object.defineProperty(component, 'isValid', { get: function () { return /^\\d{16}$/.test(number.value) && /^\\d\\d\\/\\d\\d$/.test(expiry.value) && /^\\d{3}$/.test(cvc.value); } });
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
      }
    });
  };
})();`;

interface StandInCalls {
  readonly configs: { clientKey: string; environment: string; locale: string }[];
  readonly created: { type: string; options: Record<string, unknown> }[];
  readonly mounted: number;
  readonly validationShown: number;
  readonly unmounted: number;
}

/**
 * The merchant's page, on an origin of its own: the components from the service (script and
 * stylesheet), a script of its own mounting them with the session's elements token, and a strict CSP
 * that lets in only the service and Adyen's CDN.
 */
class MerchantPage {
  private server: Server | undefined;
  elementsToken = '';
  url = '';

  async start(serviceUrl: string): Promise<void> {
    this.server = createServer((req, res) => {
      if (req.url === '/checkout') {
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': [
            "default-src 'none'",
            `script-src 'self' ${serviceUrl} ${ADYEN_CDN}`,
            `style-src 'self' ${serviceUrl} ${ADYEN_CDN}`,
            `connect-src ${serviceUrl} ${ADYEN_CDN}`,
            `frame-src ${ADYEN_CDN}`,
            "img-src 'self' data:",
            "form-action 'self'",
            "base-uri 'none'",
          ].join('; '),
        });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<link rel="stylesheet" href="${serviceUrl}/elements/sdk/v1/splitpay.css">
<script src="${serviceUrl}/elements/sdk/v1/splitpay.js" defer></script><script src="/shop.js" defer></script></head>
<body><main><h1>Checkout</h1><div id="pay" data-elements-token="${this.elementsToken}" data-base-url="${serviceUrl}"></div></main></body></html>`);
      } else if (req.url === '/shop.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end("var el = document.getElementById('pay'); window.SplitPay.mount(el, { elementsToken: el.dataset.elementsToken, baseUrl: el.dataset.baseUrl, locale: 'en' });");
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

// Our Adyen Web adapter, served by the service, over a stand-in of Adyen Web 5 (a short name: the
// evidence kept under test-results/ is named by the first 80 characters of the test's full name).
describe('Adyen card in Chromium', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const shop = new MerchantPage();
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let closeContext: () => Promise<void>;
  /** Every request the page made (observed, never answered by the test: the service answers its own doors). */
  let requests: Request[];
  /** The URLs of Adyen's CDN the page asked for, answered by the stand-in. */
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
    adyenAsked = [];
    page.on('request', (req) => requests.push(req));
    // Only Adyen's CDN is played; a crossorigin script and stylesheet need CORS, as Adyen's CDN sends.
    await page.route(`${ADYEN_CDN}/**`, async (route) => {
      const url = route.request().url();
      adyenAsked.push(url);
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (url === `${ADYEN_SDK}/adyen.js`) await route.fulfill({ status: 200, contentType: 'text/javascript', headers: cors, body: ADYEN_WEB_STAND_IN });
      else if (url === `${ADYEN_SDK}/adyen.css`) await route.fulfill({ status: 200, contentType: 'text/css', headers: cors, body: '.adyen-checkout__input { border: 1px solid #b9c4c9; }' });
      else await route.fulfill({ status: 404, body: '' });
    });
  });
  afterEach(async () => {
    await keepEvidence(page, expect.getState().currentTestName ?? 'test');
    await closeContext();
  });

  async function openCheckout(orderId: string): Promise<void> {
    shop.elementsToken = (await service.h.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' })).elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Adyen card number').waitFor();
    await page.getByLabel('Amount to pay with this method').fill('45.00');
  }

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
    expect(adyenAsked.sort()).toEqual([`${ADYEN_SDK}/adyen.css`, `${ADYEN_SDK}/adyen.js`]);
    await expect(page.locator(`script[src="${ADYEN_SDK}/adyen.js"]`).getAttribute('crossorigin')).resolves.toBe('anonymous');
    await expect(page.locator(`link[rel="stylesheet"][href="${ADYEN_SDK}/adyen.css"]`).getAttribute('crossorigin')).resolves.toBe('anonymous');
    const mounted = await standIn();
    expect(mounted.configs).toEqual([{ clientKey: CLIENT_KEY, environment: 'test', locale: 'en-US' }]);
    expect(mounted.created.map((c) => c.type)).toEqual(['card']);
    expect(mounted.mounted).toBe(1);

    // Pay: the adapter hands the component's data over; the service sends it to Adyen (nock plays Adyen).
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: 'PSPWEB000000001', merchantReference: body.reference }));
    await page.getByLabel('Adyen card number').fill('4111111111111111');
    await page.getByLabel('Adyen expiry date').fill('03/30');
    await page.getByLabel('Adyen security code').fill('737');
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

  it('an invalid card: Adyen Web shows its validation, we ask to check the card (shown, announced, focused), and nothing starts', async () => {
    await openCheckout('adyen-web-invalid');
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, () => ({ resultCode: 'Received', pspReference: 'PSPWEB000000002' }));
    await page.getByLabel('Adyen card number').fill('4111');
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

  it("serves Adyen's adapter at GET /psp/adyen/hosted-fields.js like the components' files (cacheable, revalidated by its ETag, loadable from any origin); no other provider's", async () => {
    const res = await fetch(`${service.h.url}/psp/adyen/hosted-fields.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const source = await res.text();
    expect(source).toContain('SplitPayHostedFields');
    expect(source).toContain(`${ADYEN_WEB_VERSION}`);
    for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'cssText', '.style', 'console.']) expect(source).not.toContain(sink);
    expect((await fetch(`${service.h.url}/psp/adyen/hosted-fields.js`, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    // A provider that ships no adapter has none there.
    const none = await fetch(`${service.h.url}/psp/fake/hosted-fields.js`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'NotFound' });
  });
});
