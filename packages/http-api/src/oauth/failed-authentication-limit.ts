import type { Request, RequestHandler, Response } from 'express';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { limiterStore, type SharedLimiterCounters } from '../app/hit-counter-store';

export interface FailedAuthenticationLimitOptions {
  /** Names the counters (`oauth:token:client`, `oauth:signin:email`); see limiterStore. */
  readonly name: string;
  readonly windowMs: number;
  /** Failures of one key within the window; the next request of the key is refused. */
  readonly limit: number;
  /** Counters shared with the other instances (D55); without them this process's memory. */
  readonly shared: SharedLimiterCounters | undefined;
  readonly keyOf: (req: Request) => string;
  /** Requests this limit neither refuses nor counts; default none. */
  readonly skip?: (req: Request) => boolean;
  /** Sends the refusal of a key at its limit, `retryAfterS` being the seconds until its window ends. */
  readonly refuse: (res: Response, retryAfterS: number) => void;
}

/**
 * A limit on failed authentications that counts a failure only once the door has decided it
 * (`countFailure`, awaited before the refusal is sent), and before a request only reads the count.
 * express-rate-limit's `skipSuccessfulRequests` counts every request before it runs and takes a
 * success back when its answer has been sent: a success whose client left first was never taken
 * back, and successes in flight together counted as failures (D119).
 */
export class FailedAuthenticationLimit {
  private readonly store: Store;

  constructor(private readonly options: FailedAuthenticationLimitOptions) {
    this.store = limiterStore(options.shared, options.name, options.windowMs, false).store ?? memoryStore(options.windowMs);
  }

  /** Refuses a request whose key has reached the limit in its open window; lets any other through uncounted. */
  readonly guard: RequestHandler = async (req, res, next) => {
    if (this.options.skip?.(req)) return next();
    const open = await this.store.get?.(this.options.keyOf(req));
    const resetTime = open?.resetTime;
    if (open && resetTime && open.totalHits >= this.options.limit && resetTime.getTime() > Date.now()) {
      return this.options.refuse(res, Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)));
    }
    next();
  };

  /** Counts one failed authentication of the request's key (the counters' failures are the store's to report). */
  async countFailure(req: Request): Promise<void> {
    if (this.options.skip?.(req)) return;
    await this.store.increment(this.options.keyOf(req));
  }
}

function memoryStore(windowMs: number): Store {
  const store = new MemoryStore();
  // MemoryStore reads only windowMs (its window, and the sweep of ended ones).
  store.init({ windowMs } as Options);
  return store;
}
