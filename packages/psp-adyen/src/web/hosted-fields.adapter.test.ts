import { JSDOM } from 'jsdom';
import { ADYEN_WEB_VERSION } from '../settings/adyen-web';
import { createAdyenHostedFields, type AdyenCardComponent, type AdyenCheckoutFactory, type AdyenCheckoutInstance } from './hosted-fields.adapter';

const SDK = `https://checkoutshopper-test.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}`;
/** Adyen Web 5.68.0's published Subresource Integrity (sha384 of its npm dist/adyen.js and dist/adyen.css). */
const PINNED = { js: 'sha384-U9GX6Oa3W024049K86PYG36/jHjkvUqsRd8Y9cF1CmB92sm4tnjxDXF/tkdcsk6k', css: 'sha384-gpOE6R0K50VgXe6u/pyjzkKl4Kr8hXu93KUCTmC4LqbO9mpoGUYsrmeVLcp2eejn' };
const SETTINGS = { keyId: 'adyen-web-test', key: 'test_CLIENTKEY', locale: 'fr' };
const ENCRYPTED = { type: 'scheme', encryptedCardNumber: 'enc-number', encryptedExpiryMonth: 'enc-month', encryptedExpiryYear: 'enc-year', encryptedSecurityCode: 'enc-cvc' };

/** A merchant page in jsdom (which runs no script it is given: the test plays the script's load). */
function page() {
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="card"></div></body></html>', { url: 'https://shop.example/checkout' });
  const doc = dom.window.document as unknown as Document;
  const win = dom.window as unknown as Window & { AdyenCheckout?: AdyenCheckoutFactory };
  const scripts = () => [...doc.head.querySelectorAll('script')];
  return { dom, doc, win, container: doc.getElementById('card') as HTMLElement, scripts, stylesheets: () => [...doc.head.querySelectorAll('link[rel="stylesheet"]')] };
}

/** A card component as Adyen Web 5 gives it, recording what it is asked. */
function card(valid: boolean) {
  const calls = { mounted: [] as HTMLElement[], validation: 0, unmounted: 0 };
  const component: AdyenCardComponent = {
    isValid: valid,
    data: { paymentMethod: ENCRYPTED, browserInfo: { colorDepth: 24 }, origin: 'https://shop.example', ...{ riskData: { clientData: 'risk' }, clientStateDataIndicator: true } },
    mount: (el) => calls.mounted.push(el),
    showValidation: () => (calls.validation += 1),
    unmount: () => (calls.unmounted += 1),
  };
  return { component, calls };
}

type CardOptions = { onConfigSuccess?: (event: unknown) => void; onError?: (error: unknown) => void };

/**
 * A checkout as Adyen Web 5 answers it: an instance of its core class, whose static `version` tells
 * the version; its card's secured fields are configured at once unless `configured` is false.
 */
function checkoutOf(component: AdyenCardComponent, seen: { created: unknown[] } = { created: [] }, { version = ADYEN_WEB_VERSION, configured = true } = {}): AdyenCheckoutInstance {
  class Core {
    static readonly version = { version, revision: 'test', branch: 'HEAD', buildId: 'test' };
    create(type: 'card', options: Record<string, unknown>): AdyenCardComponent {
      seen.created.push({ type, options });
      if (configured) (options as CardOptions).onConfigSuccess?.({ iframesConfigured: true, type: 'card' });
      return component;
    }
    /** Adyen Web's 3-D Secure 2 component: once mounted, it hands its result to onAdditionalDetails (an action of subtype `broken` fails). */
    createFromAction(action: Readonly<Record<string, unknown>>, options: Record<string, unknown>) {
      seen.created.push({ action, options });
      const { onAdditionalDetails, onError } = options as { onAdditionalDetails: (state: unknown) => void; onError: (error: unknown) => void };
      return {
        mount: (el: HTMLElement) => {
          el.append(el.ownerDocument.createElement('iframe'));
          // Adyen Web 5's onActionHandled, as its 3-D Secure 2 components call it once their frame loaded.
          const handled = (options as { onActionHandled?: (info: unknown) => void }).onActionHandled;
          if (action.subtype === 'challenge') handled?.({ componentType: '3DS2Challenge', actionDescription: '3DS2 challenge iframe loaded' });
          if (action.subtype === 'fingerprint') handled?.({ componentType: '3DS2Fingerprint', actionDescription: '3DS2 fingerprint iframe loaded' });
          if (action.subtype === 'broken') onError(new Error('ThreeDS2 timed out'));
          else onAdditionalDetails({ data: { details: { threeDSResult: `result-of-${String(action.subtype)}`, notAString: 7 } } });
        },
      };
    }
  }
  return new Core();
}

/** Adyen Web's stylesheet and script "load": the script defines AdyenCheckout, then each element fires load. */
function adyenLoads(p: ReturnType<typeof page>, component: AdyenCardComponent, options: { version?: string; configured?: boolean } = {}) {
  const configs: unknown[] = [];
  const created: unknown[] = [];
  p.win.AdyenCheckout = async (config) => {
    configs.push(config);
    return checkoutOf(component, { created }, options);
  };
  p.stylesheets().at(-1)?.dispatchEvent(new p.dom.window.Event('load'));
  p.scripts().at(-1)?.dispatchEvent(new p.dom.window.Event('load'));
  return { configs, created };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Adyen Web hosted-fields adapter (window.SplitPayHostedFields, version 1)', () => {
  it("adds Adyen Web's script and stylesheet once, pinned by their published integrity (crossorigin anonymous), and mounts one card component with the client key, environment and locale", async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    expect(adapter.version).toBe(1);
    adapter.mount(p.container, SETTINGS);
    expect(p.scripts().map((s) => [s.src, s.getAttribute('integrity'), s.getAttribute('crossorigin'), s.async])).toEqual([[`${SDK}/adyen.js`, PINNED.js, 'anonymous', true]]);
    expect(p.stylesheets().map((l) => [l.getAttribute('href'), l.getAttribute('integrity'), l.getAttribute('crossorigin')])).toEqual([[`${SDK}/adyen.css`, PINNED.css, 'anonymous']]);
    // The same pins for live: Adyen serves one file per version on both.
    createAdyenHostedFields(p.doc).mount(p.container, { ...SETTINGS, keyId: 'adyen-web-live' });
    expect(p.scripts().map((s) => [s.src, s.getAttribute('integrity')])[1]).toEqual([`${SDK.replace('-test.', '-live.')}/adyen.js`, PINNED.js]);
    expect(p.stylesheets().map((l) => [l.getAttribute('href'), l.getAttribute('integrity')])[1]).toEqual([`${SDK.replace('-test.', '-live.')}/adyen.css`, PINNED.css]);
    p.scripts()[1]?.remove();
    p.stylesheets()[1]?.remove();
    const { component, calls } = card(true);
    const seen = adyenLoads(p, component);
    await settle();
    // Adyen Web's analytics off: the adapter was given no options (the service's default).
    expect(seen.configs).toEqual([{ clientKey: 'test_CLIENTKEY', environment: 'test', locale: 'fr-FR', analytics: { enabled: false } }]);
    expect(seen.created).toEqual([{ type: 'card', options: { showPayButton: false, onConfigSuccess: expect.any(Function), onError: expect.any(Function), onChange: expect.any(Function) } }]);
    expect(calls.mounted).toEqual([p.container]);

    // A second mount on the page reuses the loaded Adyen Web: no second script or stylesheet.
    adapter.mount(p.container, SETTINGS);
    await settle();
    expect(p.scripts()).toHaveLength(1);
    expect(p.stylesheets()).toHaveLength(1);
    expect(seen.configs).toHaveLength(2);
  });

  it("gives the card component the card entry's networks as Adyen Web's brands, so that it refuses another network in its own field before Pay (D74)", async () => {
    const p = page();
    createAdyenHostedFields(p.doc).mount(p.container, { ...SETTINGS, schemes: ['mastercard', 'cb', 'visa', 'china_union_pay'] });
    const seen = adyenLoads(p, card(true).component);
    await settle();
    expect(seen.created).toEqual([{ type: 'card', options: expect.objectContaining({ brands: ['mc', 'cartebancaire', 'visa', 'cup'] }) }]);
  });

  it("creates the checkout with Adyen Web's analytics on when the service turned them on", async () => {
    const p = page();
    const instance = createAdyenHostedFields(p.doc, { analytics: true }).mount(p.container, SETTINGS);
    const seen = adyenLoads(p, card(true).component);
    await instance.ready;
    expect(seen.configs).toEqual([expect.objectContaining({ analytics: { enabled: true } })]);
  });

  it("is ready once Adyen Web's secured fields are configured, not before; a failed load rejects ready as it rejects tokenize", async () => {
    const p = page();
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    const seen = adyenLoads(p, card(true).component, { configured: false });
    let settled = false;
    void instance.ready.then(() => (settled = true));
    await settle();
    expect(seen.created).toHaveLength(1);
    expect(settled).toBe(false);
    (seen.created[0] as { options: CardOptions }).options.onConfigSuccess?.({ iframesConfigured: true, type: 'card' });
    await expect(instance.ready).resolves.toBeUndefined();

    const refused = page();
    const failed = createAdyenHostedFields(refused.doc).mount(refused.container, SETTINGS);
    refused.scripts()[0]?.dispatchEvent(new refused.dom.window.Event('error'));
    await expect(failed.ready).rejects.toThrow(`Adyen Web failed to load from ${SDK}/adyen.js`);
  });

  it("tells the page the card changed when Adyen Web's onChange gives other card data (typed, cleared), never when it gives the same (a field focused or left) (D111-c)", async () => {
    const p = page();
    let changes = 0;
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS, { changed: () => (changes += 1) });
    const seen = adyenLoads(p, card(true).component);
    await instance.ready;
    const onChange = (seen.created[0] as { options: { onChange: (state: unknown) => void } }).options.onChange;
    onChange({ data: { paymentMethod: ENCRYPTED }, isValid: true });
    expect(changes).toBe(1);
    onChange({ data: { paymentMethod: ENCRYPTED }, isValid: true });
    onChange({ data: { paymentMethod: { ...ENCRYPTED } }, isValid: true, errors: {} });
    expect(changes).toBe(1);
    onChange({ data: { paymentMethod: { type: 'scheme' } }, isValid: false });
    onChange({ data: { paymentMethod: { ...ENCRYPTED, encryptedCardNumber: 'enc-number-2' } }, isValid: true });
    expect(changes).toBe(3);
    // An adapter mounted without events (an older page) takes Adyen's changes as before.
    const older = page();
    const quiet = createAdyenHostedFields(older.doc).mount(older.container, SETTINGS);
    const olderSeen = adyenLoads(older, card(true).component);
    await quiet.ready;
    expect(() => (olderSeen.created[0] as { options: { onChange: (state: unknown) => void } }).options.onChange({ data: { paymentMethod: ENCRYPTED } })).not.toThrow();
  });

  it("tokenizes a valid card as the JSON of the component's paymentMethod, browserInfo and origin (nothing else)", async () => {
    const p = page();
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    adyenLoads(p, card(true).component);
    expect(JSON.parse(await instance.tokenize())).toEqual({ paymentMethod: ENCRYPTED, browserInfo: { colorDepth: 24 }, origin: 'https://shop.example' });
  });

  it("shows the validation of an invalid card and rejects with the interface's invalid-card-details code, giving no token", async () => {
    const p = page();
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    const { component, calls } = card(false);
    adyenLoads(p, component);
    const rejection = await instance.tokenize().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(rejection).toBeInstanceOf(Error);
    expect(rejection).toMatchObject({ code: 'invalid-card-details', message: 'the card details are incomplete or invalid' });
    expect(calls.validation).toBe(1);
  });

  it("rejects tokenize with a clear error when Adyen Web's script fails to load (unreachable, or refused by its integrity); a later mount tries again", async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const instance = adapter.mount(p.container, SETTINGS);
    p.stylesheets()[0]?.dispatchEvent(new p.dom.window.Event('load'));
    p.scripts()[0]?.dispatchEvent(new p.dom.window.Event('error'));
    await expect(instance.tokenize()).rejects.toThrow(`Adyen Web failed to load from ${SDK}/adyen.js (unreachable, or not the file its integrity pins)`);
    // Not the payer's input: no invalid-card-details code, so the components tell the card form failed.
    await expect(instance.tokenize()).rejects.not.toHaveProperty('code');
    expect(p.scripts()).toEqual([]);

    const again = adapter.mount(p.container, SETTINGS);
    expect(p.scripts().map((s) => s.getAttribute('integrity'))).toEqual([PINNED.js]);
    expect(p.stylesheets()).toHaveLength(1);
    adyenLoads(p, card(true).component);
    await expect(again.tokenize()).resolves.toContain('enc-number');
  });

  it("rejects tokenize the same way when Adyen Web's stylesheet fails to load, though its script ran; a later mount adds it again", async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const instance = adapter.mount(p.container, SETTINGS);
    const { component, calls } = card(true);
    p.win.AdyenCheckout = async () => checkoutOf(component);
    p.scripts()[0]?.dispatchEvent(new p.dom.window.Event('load'));
    p.stylesheets()[0]?.dispatchEvent(new p.dom.window.Event('error'));
    await expect(instance.tokenize()).rejects.toThrow(`Adyen Web's stylesheet failed to load from ${SDK}/adyen.css (unreachable, or not the file its integrity pins)`);
    await expect(instance.tokenize()).rejects.not.toHaveProperty('code');
    expect(calls.mounted).toEqual([]);
    expect(p.stylesheets()).toEqual([]);

    const again = adapter.mount(p.container, SETTINGS);
    expect(p.stylesheets().map((l) => l.getAttribute('integrity'))).toEqual([PINNED.css]);
    p.stylesheets()[0]?.dispatchEvent(new p.dom.window.Event('load'));
    await expect(again.tokenize()).resolves.toContain('enc-number');
    expect(p.scripts()).toHaveLength(1);
  });

  it("leaves a stylesheet of Adyen Web the page links itself as it is (not waited for, not added again)", async () => {
    const p = page();
    const own = p.doc.createElement('link');
    own.rel = 'stylesheet';
    own.href = `${SDK}/adyen.css`;
    p.doc.head.append(own);
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    expect(p.stylesheets()).toEqual([own]);
    p.win.AdyenCheckout = async () => checkoutOf(card(true).component);
    p.scripts()[0]?.dispatchEvent(new p.dom.window.Event('load'));
    await expect(instance.tokenize()).resolves.toContain('enc-number');
  });

  it("rejects tokenize as a load error, not the payer's, while Adyen Web's secured fields are not configured (their frames unreachable): no validation shown; Adyen's own error is told once it gave up", async () => {
    const p = page();
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    const { component, calls } = card(false);
    const seen = adyenLoads(p, component, { configured: false });
    const rejection = await instance.tokenize().catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(Error);
    expect(rejection).not.toHaveProperty('code');
    expect(rejection).toHaveProperty('message', "Adyen Web's secured fields are not ready (their frames have not loaded yet)");
    expect(calls.validation).toBe(0);

    // Adyen Web 5.68.0's word when the frames did not load within its 30 s.
    const options = (seen.created[0] as { options: CardOptions }).options;
    options.onError?.(new Error('secured field iframes have failed to load'));
    await expect(instance.tokenize()).rejects.toThrow("Adyen Web's secured fields are not ready (secured field iframes have failed to load)");
    // Configured at last: the card is the payer's to fix.
    options.onConfigSuccess?.({ iframesConfigured: true, type: 'card' });
    await expect(instance.tokenize()).rejects.toMatchObject({ code: 'invalid-card-details' });
    expect(calls.validation).toBe(1);
  });

  it.each([
    ['another major version', '4.9.0', 'window.AdyenCheckout on this page is Adyen Web 4.9.0, not 5.x: this adapter drives Adyen Web 5.68.0'],
    ['no version', undefined, 'window.AdyenCheckout on this page is of no Adyen Web version we can read, not 5.x: this adapter drives Adyen Web 5.68.0'],
  ])("refuses a window.AdyenCheckout the page already has of %s (a load error, nothing mounted); another 5.x is used", async (_name, version, message) => {
    const p = page();
    const { component, calls } = card(true);
    p.win.AdyenCheckout = async () => (version ? checkoutOf(component, undefined, { version }) : { create: () => component, createFromAction: () => ({ mount: () => undefined }) });
    const instance = createAdyenHostedFields(p.doc).mount(p.container, SETTINGS);
    const rejection = await instance.tokenize().catch((error: unknown) => error);
    expect(rejection).toHaveProperty('message', message);
    expect(rejection).not.toHaveProperty('code');
    expect(calls.mounted).toEqual([]);
    expect(p.scripts()).toEqual([]);

    p.win.AdyenCheckout = async () => checkoutOf(component, undefined, { version: '5.60.0' });
    await expect(createAdyenHostedFields(p.doc).mount(p.container, SETTINGS).tokenize()).resolves.toContain('enc-number');
    // The page's own Adyen Web: neither our script nor our 5.68.0 stylesheet beside it (its own is the page's to add).
    expect(p.scripts()).toEqual([]);
    expect(p.stylesheets()).toEqual([]);
  });

  it('rejects a script that loads without defining AdyenCheckout, and a keyId naming no Adyen Web environment', async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const instance = adapter.mount(p.container, SETTINGS);
    p.scripts()[0]?.dispatchEvent(new p.dom.window.Event('load'));
    await expect(instance.tokenize()).rejects.toThrow('defined no AdyenCheckout');
    await expect(adapter.mount(p.container, { ...SETTINGS, keyId: 'worldline-test' }).tokenize()).rejects.toThrow('unknown keyId "worldline-test"');
  });

  it('destroy unmounts the component once (idempotent); tokenize then rejects; destroyed before Adyen Web is ready, nothing is mounted', async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const instance = adapter.mount(p.container, SETTINGS);
    const { component, calls } = card(true);
    adyenLoads(p, component);
    await instance.tokenize();
    instance.destroy();
    instance.destroy();
    expect(calls.unmounted).toBe(1);
    await expect(instance.tokenize()).rejects.toThrow('destroyed');

    const early = card(true);
    const p2 = page();
    const gone = createAdyenHostedFields(p2.doc).mount(p2.container, SETTINGS);
    gone.destroy();
    adyenLoads(p2, early.component);
    await settle();
    expect(early.calls.mounted).toEqual([]);
    expect(early.calls.unmounted).toBe(0);
  });

  it("runs a native 3-D Secure 2 action with Adyen Web's createFromAction in the container, and answers its result's string fields", async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const action = { type: 'threeDS2', subtype: 'challenge', token: 'eyJ0', paymentData: 'Ab02' };
    const running = adapter.runAction(p.container, SETTINGS, action);
    const seen = adyenLoads(p, card(true).component);
    await expect(running).resolves.toEqual({ threeDSResult: 'result-of-challenge' });
    expect(seen.configs).toEqual([{ clientKey: 'test_CLIENTKEY', environment: 'test', locale: 'fr-FR', analytics: { enabled: false } }]);
    expect(seen.created).toEqual([{ action, options: { challengeWindowSize: '05', onAdditionalDetails: expect.any(Function), onError: expect.any(Function), onActionHandled: expect.any(Function) } }]);
    expect(p.container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it("tells the page when Adyen Web says the issuer's challenge frame loaded (onActionHandled), never for a fingerprint", async () => {
    for (const [subtype, told] of [['challenge', 1], ['fingerprint', 0]] as const) {
      const p = page();
      let challenges = 0;
      const running = createAdyenHostedFields(p.doc).runAction(p.container, SETTINGS, { type: 'threeDS2', subtype, token: 'eyJ0' }, { challenge: () => (challenges += 1) });
      adyenLoads(p, card(true).component);
      await expect(running).resolves.toEqual({ threeDSResult: `result-of-${subtype}` });
      expect(challenges).toBe(told);
    }
  });

  it('runs nothing but a 3-D Secure 2 action: another kind (a redirect to a javascript: URL) is refused before Adyen Web loads', async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    for (const action of [{ type: 'redirect', method: 'GET', url: 'javascript:alert(document.domain)' }, { type: 'threeds2', token: 'eyJ0' }, { type: 'threeDS2', subtype: 'challenge' }]) {
      await expect(adapter.runAction(p.container, SETTINGS, action)).rejects.toThrow('not a 3-D Secure 2 action');
    }
    expect(p.doc.querySelectorAll('script')).toHaveLength(0);
    expect(p.container.childElementCount).toBe(0);
  });

  it("rejects when Adyen Web's 3-D Secure 2 fails, or the keyId is unknown", async () => {
    const p = page();
    const adapter = createAdyenHostedFields(p.doc);
    const running = adapter.runAction(p.container, SETTINGS, { type: 'threeDS2', subtype: 'broken', token: 'eyJ0' });
    adyenLoads(p, card(true).component);
    await expect(running).rejects.toThrow('ThreeDS2 timed out');
    await expect(adapter.runAction(p.container, { ...SETTINGS, keyId: 'worldline-test' }, { type: 'threeDS2', token: 'eyJ0' })).rejects.toThrow('unknown keyId');
  });
});
