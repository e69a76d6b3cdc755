import type { InboundNotification, Logger, Metrics, NotificationContext, ParsedNotification, PspPlugin, PspProvider } from '@splitpay/domain';
import { AdyenClient } from './client/adyen.client';
import { AdyenApplePayDriver } from './driver/applepay.driver';
import { AdyenCardDriver, type UrlSource } from './driver/card.driver';
import { parseAdyenNotification } from './notification/notification.parser';
import { ADYEN_SETTINGS } from './settings/adyen.settings';

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

/**
 * Provider `adyen` as a plugin: the service's public base URL (where the card view loads our adapter),
 * its analytics choice and the metrics its notification reader counts in, then built, as every
 * provider, with the service's logger and timeout.
 */
export function adyenPlugin(options: Pick<AdyenProviderDeps, 'publicBaseUrl' | 'webAnalytics' | 'metrics'>): PspPlugin {
  return { id: 'adyen', settings: ADYEN_SETTINGS, create: ({ logger, timeoutMs }) => createAdyenProvider({ ...options, logger, timeoutMs }) };
}
