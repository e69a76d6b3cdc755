import nock from 'nock';
import type { ManualClock } from '@splitpay/infra';
import { isolateNock } from '@splitpay/psp-testkit';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { merchantEntry, SHOP } from './merchants.fixture';
import type { ServiceHarness } from './service-harness';
import { useService } from './use-service';

/** One service instance whose merchant (`SHOP`) holds contracts at real providers that nock plays. */
export interface ProviderService {
  /** The instance, started before the file's first test (`useService`: read its fields inside tests). */
  readonly h: ServiceHarness;
  /** Every document the instance stored, as one text: what a test scans for secrets. */
  storedText(): string;
}

export interface ProviderServiceOptions {
  /** The instance's clock (default: the harness's manual clock at 2026-01-01). */
  readonly clock?: ManualClock;
  /** `embedded` (default) keeps every stored document scannable; `test` runs on the test store (MongoDB in that jest project). */
  readonly store?: 'embedded' | 'test';
  /** More environment for the instance. */
  readonly env?: NodeJS.ProcessEnv;
  /** More fields of the merchant's entry (a notificationUrl known once a receiver listens): read when the service starts. */
  readonly account?: () => Record<string, unknown>;
}

/**
 * Starts, for the calling describe block, the service over HTTP with `SHOP` holding `contracts`
 * (settings included, as the merchants file gives them). The file gets a nock of its own: only 127.0.0.1 (the service) is reached
 * for real; interceptors are cleared after each test.
 */
export function providerService(contracts: readonly Record<string, unknown>[], options: ProviderServiceOptions = {}): ProviderService {
  isolateNock(/127\.0\.0\.1/);
  const stores = options.store === 'test' ? undefined : createEmbeddedStores();
  const h = useService(() => {
    const merchants = { merchants: [merchantEntry(SHOP, contracts, [], { webhookAuthorization: 'Bearer shop-webhook', ...options.account?.() })] };
    return { merchants, stores, clock: options.clock, env: options.env };
  });
  afterEach(() => nock.cleanAll());
  return {
    h,
    storedText: () => {
      if (!stores) throw new Error('only the embedded store is scanned');
      return JSON.stringify(stores.database.listCollections().map((c) => c.dump()));
    },
  };
}

/** What the service sent a provider in one request. */
export interface Sent {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/** Nock playing a provider: one answer for one POST to `base` + `path`, keeping what the service sent. */
export function answerPost(base: string, path: string | RegExp, status: number, answer: (body: Record<string, unknown>) => object): { seen: Sent[]; scope: nock.Scope } {
  const seen: Sent[] = [];
  const scope = nock(base)
    .post(path)
    .reply(function (this: nock.ReplyFnContext, _uri, body) {
      const json = body as Record<string, unknown>;
      seen.push({ headers: this.req.headers as Sent['headers'], body: json });
      return [status, answer(json)];
    });
  return { seen, scope };
}
