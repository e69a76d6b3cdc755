import type { InboundNotification, Logger, Metrics, NotificationContext, ParsedNotification, PspProvider } from '@splitpay/domain';
import { AdyenClient } from './client/adyen.client';
import { AdyenApplePayDriver } from './driver/applepay.driver';
import { AdyenCardDriver, type UrlSource } from './driver/card.driver';
import { parseAdyenNotification } from './notification/notification.parser';

export interface AdyenProviderDeps {
  readonly logger: Logger;
  /** Counts what its notification reader drops for an unreadable amount (ADYEN_AMOUNT_UNREADABLE_METRIC, D122). */
  readonly metrics: Metrics;
  /** The service's public base URL, where the card view loads our Adyen Web adapter (ADYEN_HOSTED_FIELDS_PATH). */
  readonly publicBaseUrl: UrlSource;
  /** Adyen Web's analytics (checkoutanalytics-{env}.adyen.com) on the payer's page; default off (docs/decisions.md D42). */
  readonly webAnalytics?: boolean;
  /** Timeout of each Checkout API call; default 15 s. */
  readonly timeoutMs?: number;
}

/** Provider `adyen`: card and Apple Pay drivers, and the reader of its standard webhook. */
export function createAdyenProvider(deps: AdyenProviderDeps): PspProvider {
  const client = new AdyenClient(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {});
  return {
    id: 'adyen',
    displayName: 'Adyen',
    drivers: [new AdyenCardDriver({ client, logger: deps.logger, publicBaseUrl: deps.publicBaseUrl, webAnalytics: deps.webAnalytics === true }), new AdyenApplePayDriver({ client, logger: deps.logger })],
    parseNotification: (notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> => parseAdyenNotification(notification, context, { logger: deps.logger, metrics: deps.metrics }),
  };
}
