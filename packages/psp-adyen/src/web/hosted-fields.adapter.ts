import { ADYEN_WEB_INTEGRITY, adyenWebEnvironmentOf, adyenWebSdkUrl, adyenWebStylesheetUrl, type AdyenWebEnvironment } from '../settings/adyen-web';
import { adyenBrandsOf } from './adyen-brands';
import { adyenLocaleOf } from './adyen-locale';
import type { AdyenWebOptions } from './adyen-web-options';
import { assertAdyenWebMajor } from './adyen-web-version';
import { addPinnedScript, addPinnedStylesheet } from './pinned-file';

/**
 * Our components' hosted-fields interface, version 1 (packages/elements-web/src/flows/hosted-fields.ts),
 * implemented over Adyen Web 5: mount its card component in the container, hand back its encrypted
 * card fields as the token the card driver reads (driver/payer-input.ts). Browser code, bundled by
 * the server (its entry: ADYEN_HOSTED_FIELDS_ENTRY): it imports nothing but the shared Adyen Web URLs and pins.
 */
export interface HostedFieldsAdapter {
  readonly version: 1;
  /**
   * `events.changed` (additive to version 1) is called when Adyen Web's documented `onChange` says the
   * card's data changed (the payer typed, pasted or cleared a field): a press of Pay after it is another
   * payment, with a new idempotency key (D111-c). A state change that leaves the card's data as it was
   * (a field focused or left, the validation shown) calls nothing.
   */
  mount(container: HTMLElement, settings: HostedFieldsSettings, events?: HostedFieldsCardEvents): HostedFieldsInstance;
  /**
   * Runs a native 3-D Secure 2 action (Adyen's `threeDS2` action, fingerprint or challenge, as the
   * card driver relayed it in the view's `pageAction`) with Adyen Web's `createFromAction`, mounted in
   * `container`, and resolves with Adyen Web's `onAdditionalDetails` `state.data.details` (its string
   * fields: `threeDSResult`), which the components send to the confirm door. Rejects on Adyen Web's
   * `onError`, or when Adyen Web cannot be loaded. `events.challenge` is called when Adyen Web's
   * documented `onActionHandled` says the issuer's challenge frame loaded (`componentType`
   * `3DS2Challenge`, also when Adyen Web runs a challenge itself after a fingerprint); a
   * fingerprint's hidden frame never calls it.
   */
  runAction(container: HTMLElement, settings: HostedFieldsSettings, action: Readonly<Record<string, unknown>>, events?: HostedFieldsActionEvents): Promise<Readonly<Record<string, string>>>;
}

/** What the adapter tells the page of its mounted card (elements-web's HostedFieldsCardEvents). */
export interface HostedFieldsCardEvents {
  changed?(): void;
}

/** What Adyen Web 5 hands its card's `onChange`: `data.paymentMethod` holds the encrypted fields typed so far. */
interface AdyenCardState {
  readonly data?: { readonly paymentMethod?: unknown };
}

/** What the adapter tells the page while an action runs (elements-web's HostedFieldsActionEvents). */
export interface HostedFieldsActionEvents {
  challenge?(): void;
}

/** What Adyen Web 5 hands `onActionHandled`. */
interface AdyenActionHandled {
  readonly componentType?: unknown;
}

export interface HostedFieldsSettings {
  readonly keyId: string;
  readonly key: string;
  readonly locale: string;
  /**
   * The networks the card entry accepts (additive to version 1; an older page sends none): given to
   * Adyen Web's card component as its `brands`, so that it refuses a card of another network in its
   * own number field, before Pay, where the service would refuse the grant and void it (D74).
   */
  readonly schemes?: readonly string[];
}

export interface HostedFieldsInstance {
  /**
   * The token, or a rejection: an `Error` whose `code` is `'invalid-card-details'` when the payer's
   * card input is incomplete or invalid (Adyen Web showed its validation), any other `Error` (no such
   * code) when the card form cannot be used (Adyen Web not loaded or of another major version, its
   * secured fields not configured, unknown keyId, destroyed).
   */
  tokenize(): Promise<string>;
  /**
   * Settles once the payer can type in the card (Adyen Web's secured fields configured); rejects as
   * `tokenize` would when the form cannot be used. The components bound their wait for it.
   */
  readonly ready: Promise<void>;
  destroy(): void;
}

/** The `code` of the rejection that says the payer's card input is invalid (interface version 1). */
export const INVALID_CARD_DETAILS = 'invalid-card-details' as const;

function invalidCardDetails(): Error & { readonly code: typeof INVALID_CARD_DETAILS } {
  return Object.assign(new Error('the card details are incomplete or invalid'), { code: INVALID_CARD_DETAILS });
}

/** The part of Adyen Web 5's card component the adapter uses. */
export interface AdyenCardComponent {
  readonly isValid: boolean;
  readonly data: { readonly paymentMethod?: unknown; readonly browserInfo?: unknown; readonly origin?: unknown };
  mount(container: HTMLElement): unknown;
  showValidation(): unknown;
  unmount(): unknown;
}

/** What Adyen Web 5 hands `onAdditionalDetails`: its `data.details` is what /payments/details takes. */
export interface AdyenAdditionalDetailsState {
  readonly data?: { readonly details?: Readonly<Record<string, unknown>> };
}

/** An action component of Adyen Web 5 (`createFromAction`). */
export interface AdyenActionComponent {
  mount(container: HTMLElement): unknown;
  unmount?(): unknown;
}

/** The part of Adyen Web 5's checkout the adapter uses. */
export interface AdyenCheckoutInstance {
  create(type: 'card', options: Record<string, unknown>): AdyenCardComponent;
  createFromAction(action: Readonly<Record<string, unknown>>, options: Record<string, unknown>): AdyenActionComponent;
}

/** The challenge's size: '05', the whole width of its container (Adyen Web 5's `challengeWindowSize`). */
const CHALLENGE_WINDOW_SIZE = '05';

/** The string fields of Adyen Web's result: what the confirm door takes and /payments/details reads. */
function stringDetails(details: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(details ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0));
}

/** Adyen Web 5's global: `AdyenCheckout(config)` answers the checkout (a promise of it since 5.0). */
export type AdyenCheckoutFactory = (config: { clientKey: string; environment: AdyenWebEnvironment; locale: string; analytics: { enabled: boolean } }) => AdyenCheckoutInstance | Promise<AdyenCheckoutInstance>;

type AdyenWindow = Window & { AdyenCheckout?: AdyenCheckoutFactory };

type Loads = Map<string, Promise<void>>;

/** One load per URL and page; a failed one is forgotten, so that a later mount tries again. */
function once(loads: Loads, url: string, load: () => Promise<void>): Promise<void> {
  let loading = loads.get(url);
  if (!loading) {
    loading = load();
    loading.catch(() => loads.delete(url));
    loads.set(url, loading);
  }
  return loading;
}

const NOT_TAKEN = 'unreachable, or not the file its integrity pins';

/**
 * Adds Adyen Web's stylesheet and script to the page, each pinned by its integrity (a stylesheet
 * the page already links is left as it is), and waits for both and for `window.AdyenCheckout`.
 * A page that brought its own `window.AdyenCheckout` gets neither: its Adyen Web may be another 5.x,
 * whose stylesheet is the page's to add, not our 5.68.0 one.
 */
async function loadAdyenWeb(doc: Document, environment: AdyenWebEnvironment, loads: Loads): Promise<AdyenCheckoutFactory> {
  const win = doc.defaultView as AdyenWindow | null;
  const stylesheet = adyenWebStylesheetUrl(environment);
  const linked = [...doc.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === stylesheet);
  const url = adyenWebSdkUrl(environment);
  if (win?.AdyenCheckout && !loads.has(url)) return win.AdyenCheckout;
  const defined = (): void => {
    if (!win?.AdyenCheckout) throw new Error(`Adyen Web loaded from ${url} but defined no AdyenCheckout`);
  };
  await Promise.all([
    linked && !loads.has(stylesheet)
      ? undefined
      : once(loads, stylesheet, () => addPinnedStylesheet(doc, { url: stylesheet, integrity: ADYEN_WEB_INTEGRITY.css }, `Adyen Web's stylesheet failed to load from ${stylesheet} (${NOT_TAKEN})`)),
    win?.AdyenCheckout ? undefined : once(loads, url, () => addPinnedScript(doc, { url, integrity: ADYEN_WEB_INTEGRITY.js }, `Adyen Web failed to load from ${url} (${NOT_TAKEN})`).then(defined)),
  ]);
  defined();
  return win?.AdyenCheckout as AdyenCheckoutFactory;
}

/**
 * The adapter for one page (`doc`): what the bundle registers as `window.SplitPayHostedFields`, with
 * the options the service chose (analytics off unless given).
 */
export function createAdyenHostedFields(doc: Document, options: AdyenWebOptions = { analytics: false }): HostedFieldsAdapter {
  const loads: Loads = new Map();
  const checkoutFor = async (settings: HostedFieldsSettings): Promise<AdyenCheckoutInstance> => {
    const environment = adyenWebEnvironmentOf(settings.keyId);
    if (!environment) throw new Error(`Adyen Web hosted fields: unknown keyId "${settings.keyId}" (adyen-web-test or adyen-web-live)`);
    const factory = await loadAdyenWeb(doc, environment, loads);
    const checkout = await factory({ clientKey: settings.key, environment, locale: adyenLocaleOf(settings.locale), analytics: { enabled: options.analytics } });
    assertAdyenWebMajor(checkout);
    return checkout;
  };
  return {
    version: 1,
    async runAction(container, settings, action, events) {
      // Only what the card driver relays (a threeDS2 action with its token): Adyen Web's createFromAction
      // would as readily follow a redirect action's URL from this page, a javascript: one included.
      if (action.type !== 'threeDS2' || typeof action.token !== 'string') throw new Error('Adyen Web hosted fields: not a 3-D Secure 2 action');
      const checkout = await checkoutFor(settings);
      return new Promise<Readonly<Record<string, string>>>((resolve, reject) => {
        const component = checkout.createFromAction(action, {
          challengeWindowSize: CHALLENGE_WINDOW_SIZE,
          onAdditionalDetails: (state: AdyenAdditionalDetailsState) => {
            const details = stringDetails(state.data?.details);
            if (Object.keys(details).length === 0) reject(new Error("Adyen Web's 3-D Secure 2 gave no result"));
            else resolve(details);
          },
          onError: (error: unknown) => reject(new Error(`Adyen Web's 3-D Secure 2 failed (${error instanceof Error ? error.message : String(error)})`)),
          onActionHandled: (handled: AdyenActionHandled | undefined) => {
            if (handled?.componentType === '3DS2Challenge') events?.challenge?.();
          },
        });
        component.mount(container);
      });
    },
    mount(container, settings, events) {
      let destroyed = false;
      // The card's data as the last onChange gave it: Adyen Web calls onChange at every state change.
      let typed: string | undefined;
      let component: AdyenCardComponent | undefined;
      // Until its iframes (Adyen's origin) are configured the card cannot be typed in: its isValid is
      // false, but the payer is not at fault. Adyen Web gives up on them after 30 s, by onError.
      let configured = false;
      let onConfigured: () => void = () => undefined;
      const fieldsConfigured = new Promise<void>((resolve) => (onConfigured = resolve));
      let adyenError: string | undefined;
      const environment = adyenWebEnvironmentOf(settings.keyId);
      const ready: Promise<AdyenCardComponent> = (async () => {
        if (!environment) throw new Error(`Adyen Web hosted fields: unknown keyId "${settings.keyId}" (adyen-web-test or adyen-web-live)`);
        const factory = await loadAdyenWeb(doc, environment, loads);
        const checkout = await factory({ clientKey: settings.key, environment, locale: adyenLocaleOf(settings.locale), analytics: { enabled: options.analytics } });
        if (destroyed) throw new Error('Adyen Web hosted fields were destroyed');
        assertAdyenWebMajor(checkout);
        const brands = adyenBrandsOf(settings.schemes ?? []);
        component = checkout.create('card', {
          showPayButton: false,
          // None known: Adyen Web's own default (every brand the merchant account has), the service's rule still applies.
          ...(brands.length > 0 ? { brands } : {}),
          onConfigSuccess: () => {
            configured = true;
            onConfigured();
          },
          onError: (error: unknown) => (adyenError = error instanceof Error ? error.message : String(error)),
          onChange: (state: AdyenCardState | undefined) => {
            const now = JSON.stringify(state?.data?.paymentMethod ?? null);
            if (now === typed) return;
            typed = now;
            events?.changed?.();
          },
        });
        component.mount(container);
        return component;
      })();
      const usable = ready.then(() => fieldsConfigured);
      // A failure is reported by tokenize() and `ready`; the page may use neither.
      usable.catch(() => undefined);
      return {
        ready: usable,
        async tokenize() {
          const card = await ready;
          if (destroyed) throw new Error('Adyen Web hosted fields were destroyed');
          if (!configured) throw new Error(`Adyen Web's secured fields are not ready (${adyenError ?? 'their frames have not loaded yet'})`);
          if (!card.isValid) {
            card.showValidation();
            throw invalidCardDetails();
          }
          const { paymentMethod, browserInfo, origin } = card.data;
          return JSON.stringify({ paymentMethod, ...(browserInfo ? { browserInfo } : {}), ...(typeof origin === 'string' && origin ? { origin } : {}) });
        },
        destroy() {
          if (destroyed) return;
          destroyed = true;
          component?.unmount();
          component = undefined;
        },
      };
    },
  };
}
