import { METHOD_KINDS, type Clock, type InboundNotification, type Logger, type ParsedNotification, type PspPlugin, type PspProvider } from '@splitpay/domain';
import { FakeDriver } from '../driver/fake.driver';
import { FakePspClient } from '../driver/fake-psp.client';
import type { UrlSource } from '../protocol/url-source';
import { FAKE_SETTINGS } from './fake.settings';
import { parseFakeNotification } from './notification.parser';

export interface FakeProviderDeps {
  /** The fake PSP's base URL: the service's own public base URL + `/fake-psp`. */
  readonly baseUrl: UrlSource;
  /** The fake PSP's API key (the one its router was built with). */
  readonly apiKey: string;
  /** The secret the fake PSP signs its notifications with. */
  readonly signingSecret: string;
  /** Timeout of each call to the fake PSP; default 10 s. */
  readonly timeoutMs?: number;
  /** Hears of calls to the fake PSP without an answer (fake-psp.call_failed). */
  readonly logger?: Logger;
  /** The service's clock: an operation's deadline is read on it; default Date.now. */
  readonly clock?: Clock;
}

/** Provider `fake`: a driver per method over the fake PSP's HTTP API, and its notification reader. */
export function createFakeProvider(deps: FakeProviderDeps): PspProvider {
  const clock = deps.clock;
  const client = new FakePspClient({
    baseUrl: deps.baseUrl,
    apiKey: deps.apiKey,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(clock ? { now: () => clock.now() } : {}),
  });
  return {
    id: 'fake',
    displayName: 'Fake PSP',
    drivers: METHOD_KINDS.map((method) => new FakeDriver({ method, client })),
    parseNotification: (notification: InboundNotification): Promise<ParsedNotification> =>
      Promise.resolve(parseFakeNotification(notification, deps.signingSecret)),
  };
}

/**
 * Provider `fake` as a plugin: where its PSP is and its keys (the process's own, not a contract's),
 * then built, as every provider, with the service's logger and timeout.
 */
export function fakePlugin(where: Pick<FakeProviderDeps, 'baseUrl' | 'apiKey' | 'signingSecret'>): PspPlugin {
  return { id: 'fake', settings: FAKE_SETTINGS, create: ({ logger, clock, timeoutMs }) => createFakeProvider({ ...where, logger, clock, timeoutMs }) };
}
