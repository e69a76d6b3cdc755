import type { Clock, InboundNotification, Logger, NotificationContext, ParsedNotification, PspPlugin, PspProvider } from '@splitpay/domain';
import { OneyClient } from './client/oney.client';
import { OneyDriver } from './driver/oney.driver';
import { parseOneyNotification } from './notification/notification.parser';
import { ONEY_SETTINGS } from './settings/oney.settings';

export interface OneyProviderDeps {
  readonly logger: Logger;
  /** The service's clock: an operation's deadline is read on it (D101). */
  readonly clock: Clock;
  /** Timeout of each call to Oney; default 15 s. */
  readonly timeoutMs?: number;
}

/** Provider `oney`: the 3x/4x financing driver and the reader of its unsigned notifications. */
export function createOneyProvider(deps: OneyProviderDeps): PspProvider {
  const client = new OneyClient({ now: () => deps.clock.now(), ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) });
  return {
    id: 'oney',
    displayName: 'Oney',
    drivers: [new OneyDriver({ client, logger: deps.logger })],
    parseNotification: (notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> =>
      parseOneyNotification(notification, { client, logger: deps.logger }, context),
  };
}

/** What the server registers: one line in its provider list. */
export const ONEY_PLUGIN: PspPlugin = {
  id: 'oney',
  settings: ONEY_SETTINGS,
  create: ({ clock, logger, timeoutMs }) => createOneyProvider({ clock, logger, timeoutMs }),
};
