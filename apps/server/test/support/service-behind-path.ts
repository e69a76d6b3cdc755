import { startPathStrippingProxy, type PathStrippingProxy } from './path-stripping-proxy';
import type { ServiceHarness } from './service-harness';

export interface ServiceBehindPath {
  /** The proxy's address with the prefix: PUBLIC_BASE_URL of the service (throws before the service starts). */
  base(): string;
  /** The service behind the proxy, reached directly (throws before it starts). */
  harness(): ServiceHarness;
}

/**
 * For the calling describe block: a path-stripping proxy for `prefix` and the service `start` starts
 * with that base URL (the proxy's address and the prefix) as PUBLIC_BASE_URL, both started before the
 * first test and closed after the last.
 */
export function useServiceBehindPath(prefix: string, start: (publicBaseUrl: string) => Promise<ServiceHarness>): ServiceBehindPath {
  let proxy: PathStrippingProxy | undefined;
  let h: ServiceHarness | undefined;
  beforeAll(async () => {
    proxy = await startPathStrippingProxy(prefix);
    h = await start(`${proxy.url}${prefix}`);
    proxy.target = h.url;
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });
  return {
    base() {
      if (!proxy || !h) throw new Error('the service behind the path starts before the first test');
      return `${proxy.url}${prefix}`;
    },
    harness() {
      if (!h) throw new Error('the service behind the path starts before the first test');
      return h;
    },
  };
}
