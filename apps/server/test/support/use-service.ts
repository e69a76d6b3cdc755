import { startService, type ServiceHarness, type ServiceHarnessOptions } from './service-harness';

/** The options themselves, or a function answering them when the service starts (an address known only once another participant listens). */
export type UseServiceOptions = ServiceHarnessOptions | (() => ServiceHarnessOptions | Promise<ServiceHarnessOptions>);

/**
 * Starts one service for the calling describe block (`startService`, before its first test) and
 * closes it after its last. The answer stands for that service: read its fields inside tests and
 * hooks (a read before the start throws), never at the block's top level.
 */
export function useService(options: UseServiceOptions = {}): ServiceHarness {
  let started: ServiceHarness | undefined;
  beforeAll(async () => {
    started = await startService(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => started?.close());
  // A stand-in forwarding each read, so a test file names the service once, as `h`, for all its tests.
  return new Proxy({} as ServiceHarness, {
    get(_standIn, field) {
      if (!started) throw new Error(`the service's ${String(field)} was read before the service started (useService starts it in beforeAll)`);
      // Unbound: the harness's methods are closures, and its `app` is a function (Express's own `bind` is a route method).
      return Reflect.get(started, field);
    },
  });
}
