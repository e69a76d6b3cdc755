import type { InboundNotification, Logger, NotificationContext, ParsedNotification, PspPlugin, PspProvider } from '@splitpay/domain';
import { AdyenClient } from './client/adyen.client';
import { AdyenApplePayDriver } from './driver/applepay.driver';
import { AdyenCardDriver } from './driver/card.driver';
import { parseAdyenNotification } from './notification/notification.parser';
import { ADYEN_SETTINGS } from './settings/adyen.settings';

export interface AdyenProviderDeps {
  readonly logger: Logger;
  /** Timeout of each Checkout API call; default 15 s. */
  readonly timeoutMs?: number;
}

/** Provider `adyen`: card and Apple Pay drivers, and the reader of its standard webhook. */
export function createAdyenProvider(deps: AdyenProviderDeps): PspProvider {
  const client = new AdyenClient(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {});
  return {
    id: 'adyen',
    drivers: [new AdyenCardDriver({ client, logger: deps.logger }), new AdyenApplePayDriver({ client, logger: deps.logger })],
    parseNotification: (notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> => parseAdyenNotification(notification, context),
  };
}

/** What the server registers: one line in its provider list. */
export const ADYEN_PLUGIN: PspPlugin = {
  id: 'adyen',
  settings: ADYEN_SETTINGS,
  create: ({ logger }) => createAdyenProvider({ logger }),
};
