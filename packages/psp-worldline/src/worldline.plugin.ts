import type { Clock, InboundNotification, Logger, NotificationContext, ParsedNotification, PspPlugin, PspProvider } from '@splitpay/domain';
import { WorldlineClient } from './client/worldline.client';
import { WorldlineDriver } from './driver/worldline.driver';
import { parseWorldlineNotification } from './notification/notification.parser';
import { WORLDLINE_SETTINGS } from './settings/worldline.settings';

export interface WorldlineProviderDeps {
  readonly logger: Logger;
  /** The service's clock: an operation's deadline is read on it (D101). */
  readonly clock: Clock;
  /** Timeout of each Worldline call; default 15 s. */
  readonly timeoutMs?: number;
}

/** Provider `worldline`: Wero and ANCV drivers over Worldline Direct, and the reader of its webhooks. */
export function createWorldlineProvider(deps: WorldlineProviderDeps): PspProvider {
  const client = new WorldlineClient({ now: () => deps.clock.now(), ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) });
  return {
    id: 'worldline',
    displayName: 'Worldline',
    drivers: [new WorldlineDriver('wero', { client, logger: deps.logger }), new WorldlineDriver('ancv', { client, logger: deps.logger })],
    parseNotification: (notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> => parseWorldlineNotification(notification, context, { client, logger: deps.logger }),
  };
}

/** What the server registers: one line in its provider list. */
export const WORLDLINE_PLUGIN: PspPlugin = {
  id: 'worldline',
  settings: WORLDLINE_SETTINGS,
  create: ({ clock, logger, timeoutMs }) => createWorldlineProvider({ clock, logger, timeoutMs }),
};
