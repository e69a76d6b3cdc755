import { ADYEN_WEB_ANALYTICS_PARAM } from '../settings/adyen-web';

/** What the service chose for Adyen Web on the payer's page, beyond the card view's settings. */
export interface AdyenWebOptions {
  /** Adyen Web's analytics (checkoutanalytics-{env}.adyen.com); off unless the service turned them on. */
  readonly analytics: boolean;
}

/** The options the adapter's own URL carries (`?analytics=on`, adyenHostedFieldsUrl); none readable is off. */
export function adyenWebOptionsOf(adapterUrl: string | undefined): AdyenWebOptions {
  try {
    return { analytics: adapterUrl !== undefined && new URL(adapterUrl).searchParams.get(ADYEN_WEB_ANALYTICS_PARAM) === 'on' };
  } catch {
    return { analytics: false };
  }
}
