import type { AdyenWebEnvironment } from './adyen-web';

export type AdyenWebCspDirective = 'script-src' | 'style-src' | 'frame-src' | 'connect-src' | 'img-src' | 'form-action';

/**
 * What a merchant page's Content-Security-Policy adds for our card view at Adyen (the service's own
 * adapter aside), as Adyen Web 5.68.0 uses them (read in its npm dist/adyen.js: its `loadingContext`,
 * `cdnContext` and `analyticsContext` per environment):
 * - its script and stylesheet (pinned by integrity), its secured-fields iframes
 *   (`/checkoutshopper/securedfields/<clientKey>/...`), its BIN lookup (`v3/bin/binLookup`) and its
 *   card brand logos (`/checkoutshopper/images/logos/...`) all on checkoutshopper-{environment}.adyen.com;
 *   its 3-D Secure 2 fingerprint's submission (`v1/submitThreeDS2Fingerprint`) there too;
 * - its analytics (`v3/analytics`) on checkoutanalytics-{environment}.adyen.com, only when the service
 *   turned them on (ADYEN_WEB_ANALYTICS=on; off, the adapter gives `analytics: { enabled: false }` and
 *   Adyen Web calls nothing there). Refused, Adyen Web only warns and the payment goes on.
 * - native 3-D Secure 2 (the contract's `threeDS`, native unless `redirect`, D59): Adyen Web posts a
 *   form from the page into an iframe of its own, to the card issuer's access control server (the
 *   fingerprint's `threeDSMethodURL`, the challenge's `acsURL`), whose origin is the issuer's: any
 *   HTTPS origin, of which Adyen keeps no list ("A strict CSP can prevent native 3D Secure 2 challenges
 *   from being loaded ... Adyen does not maintain a list of all URLs", Adyen's "Native 3D Secure 2
 *   authentication" page). So `frame-src` and `form-action` take `https:`, HTTPS alone. A page that
 *   cannot allow them sets the contract's `threeDS` to `redirect` (asked with `threeDS: 'redirect'`
 *   here, `form-action` then needs nothing for Adyen Web).
 * Version 5.68.0 loads nothing from `checkoutshopper-*.cdn.adyen.com` (Adyen Web 6's CDN) for test or live.
 */
export function adyenWebCspSources(
  environment: AdyenWebEnvironment,
  options: { readonly analytics?: boolean; readonly threeDS?: 'native' | 'redirect' } = {},
): Readonly<Record<AdyenWebCspDirective, readonly string[]>> {
  const checkoutshopper = `https://checkoutshopper-${environment}.adyen.com`;
  const issuers = options.threeDS === 'redirect' ? [] : ['https:'];
  return {
    'script-src': [checkoutshopper],
    'style-src': [checkoutshopper],
    'frame-src': [checkoutshopper, ...issuers],
    'connect-src': options.analytics === true ? [checkoutshopper, `https://checkoutanalytics-${environment}.adyen.com`] : [checkoutshopper],
    'img-src': [checkoutshopper],
    'form-action': issuers,
  };
}
