import { METHOD_KINDS, type InboundNotification, type Logger, type ParsedNotification, type PspProvider } from '@splitpay/domain';
import { FakeDriver } from '../driver/fake.driver';
import { FakePspClient } from '../driver/fake-psp.client';
import type { UrlSource } from '../protocol/url-source';
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
}

/** Provider `fake`: a driver per method over the fake PSP's HTTP API, and its notification reader. */
export function createFakeProvider(deps: FakeProviderDeps): PspProvider {
  const client = new FakePspClient({
    baseUrl: deps.baseUrl,
    apiKey: deps.apiKey,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return {
    id: 'fake',
    displayName: 'Fake PSP',
    drivers: METHOD_KINDS.map((method) => new FakeDriver({ method, client })),
    parseNotification: (notification: InboundNotification): Promise<ParsedNotification> =>
      Promise.resolve(parseFakeNotification(notification, deps.signingSecret)),
  };
}
