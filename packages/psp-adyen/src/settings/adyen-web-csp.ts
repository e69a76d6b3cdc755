import type { AdyenWebEnvironment } from './adyen-web';

export type AdyenWebCspDirective = 'script-src' | 'style-src' | 'frame-src' | 'connect-src' | 'img-src';

/**
 * What a merchant page's Content-Security-Policy adds for our card view at Adyen (the service's own
 * adapter aside), as Adyen Web 5.68.0 uses them (read in its npm dist/adyen.js: its `loadingContext`,
 * `cdnContext` and `analyticsContext` per environment):
 * - its script and stylesheet (pinned by integrity), its secured-fields iframes
 *   (`/checkoutshopper/securedfields/<clientKey>/...`), its BIN lookup (`v3/bin/binLookup`) and its
 *   card brand logos (`/checkoutshopper/images/logos/...`) all on checkoutshopper-{environment}.adyen.com;
 * - its analytics (`v3/analytics`) on checkoutanalytics-{environment}.adyen.com, only when the service
 *   turned them on (ADYEN_WEB_ANALYTICS=on; off, the adapter gives `analytics: { enabled: false }` and
 *   Adyen Web calls nothing there). Refused, Adyen Web only warns and the payment goes on.
 * Version 5.68.0 loads nothing from `checkoutshopper-*.cdn.adyen.com` (Adyen Web 6's CDN) for test or live.
 */
export function adyenWebCspSources(environment: AdyenWebEnvironment, options: { readonly analytics?: boolean } = {}): Readonly<Record<AdyenWebCspDirective, readonly string[]>> {
  const checkoutshopper = `https://checkoutshopper-${environment}.adyen.com`;
  return {
    'script-src': [checkoutshopper],
    'style-src': [checkoutshopper],
    'frame-src': [checkoutshopper],
    'connect-src': options.analytics === true ? [checkoutshopper, `https://checkoutanalytics-${environment}.adyen.com`] : [checkoutshopper],
    'img-src': [checkoutshopper],
  };
}
