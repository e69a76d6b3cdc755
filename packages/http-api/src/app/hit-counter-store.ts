import type { Logger } from '@splitpay/domain';
import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';
import type { HitCounters } from './hit-counters.port';
import { keyDigestOf } from './rate-limit-answer';
import { ThrottledWarning } from './throttled-warning';

/** How long a limiter waits for the shared counters before letting the request through. */
export const DEFAULT_COUNTER_DEADLINE_MS = 2_000;

export interface HitCounterStoreOptions {
  /** Names the limiter's counters (`attempts:start:token`); the store's keys are `${name}:${key}`. */
  readonly name: string;
  readonly windowMs: number;
  readonly counters: HitCounters;
  /** Where `rate_limit.store_unavailable` goes. */
  readonly logger: Pick<Logger, 'warn'>;
  /** Default DEFAULT_COUNTER_DEADLINE_MS. */
  readonly deadlineMs?: number;
  /** At most one `rate_limit.store_unavailable` per interval for this limiter; default 30 s (DEFAULT_WARNING_INTERVAL_MS). */
  readonly warningIntervalMs?: number;
  /**
   * Whether `increment` is the count a request waits for before going on (express-rate-limit's, the
   * default), so that a failed one lets it through; false when hits are counted after the request
   * went on (FailedAuthenticationLimit's failures): a failed one then loses a hit, lets nothing through.
   */
  readonly countsBeforeRequest?: boolean;
}

/**
 * Counters every instance of the service shares (D55; MongoDB's when the service runs on it), and
 * where their failures are logged: what a door's limiters count on. Without them each limiter counts
 * in its process's memory (express-rate-limit's memory store).
 */
export interface SharedLimiterCounters {
  readonly counters: HitCounters;
  /** Where `rate_limit.store_unavailable` goes when the counters fail (the request then goes on). */
  readonly logger: Pick<Logger, 'warn'>;
  /** How long to wait for the counters before letting a request through; default 2 s. */
  readonly deadlineMs?: number;
  /**
   * How a limiter's key holds what a caller typed (an email, a client id): a digest keyed by a secret
   * every instance shares (keyedDigestOf), so the stored counters cannot be tested against guesses;
   * default the plain SHA-256 (keyDigestOf).
   */
  readonly keyDigest?: (value: string) => string;
}

/** How a limiter keys what a caller typed: the shared counters' keyed digest, else the plain SHA-256. */
export function limitKeyDigest(shared: SharedLimiterCounters | undefined): (value: string) => string {
  return shared?.keyDigest ?? keyDigestOf;
}

/**
 * express-rate-limit's `store` option of one limiter named `name`: a HitCounterStore over the shared
 * counters, or none (its own memory store). One store per limiter: express-rate-limit refuses a
 * store given to two.
 */
export function limiterStore(shared: SharedLimiterCounters | undefined, name: string, windowMs: number, countsBeforeRequest = true): { store?: Store } {
  return shared ? { store: new HitCounterStore({ name, windowMs, countsBeforeRequest, ...shared }) } : {};
}

class NoAnswer extends Error {}

function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${deadlineMs} ms`)), deadlineMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function describeFailure(error: unknown): string {
  if (error instanceof NoAnswer) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * express-rate-limit's Store over shared HitCounters (D55). It fails open: when the counters fail
 * or do not answer within the deadline, the hit is counted as a window's first and a read finds no
 * window (the request goes on), and `rate_limit.store_unavailable` is logged with the limiter's name, never its key: at most
 * once per interval, with the count of requests let through since the last line, and
 * `rate_limit.store_recovered` once when they answer again (ThrottledWarning).
 */
export class HitCounterStore implements Store {
  /** Counted outside this process: express-rate-limit's double-count check tells stores apart by prefix. */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly deadlineMs: number;
  private readonly unavailable: ThrottledWarning;

  constructor(private readonly options: HitCounterStoreOptions) {
    this.prefix = `${options.name}:`;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_COUNTER_DEADLINE_MS;
    this.unavailable = new ThrottledWarning({
      logger: options.logger,
      event: 'rate_limit.store_unavailable',
      recoveredEvent: 'rate_limit.store_recovered',
      fields: { limiter: options.name },
      ...(options.warningIntervalMs !== undefined ? { intervalMs: options.warningIntervalMs } : {}),
    });
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      const counted = await withinDeadline(this.options.counters.increment(this.prefix + key, this.options.windowMs), this.deadlineMs);
      this.unavailable.recovered();
      return counted;
    } catch (error) {
      this.unavailable.report({ error: describeFailure(error) }, { letThrough: this.options.countsBeforeRequest ?? true });
      return { totalHits: 1, resetTime: undefined };
    }
  }

  /** The key's open window without counting a hit; when the counters fail, none (the request goes on). */
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    try {
      const open = await withinDeadline(this.options.counters.hits(this.prefix + key), this.deadlineMs);
      this.unavailable.recovered();
      return open;
    } catch (error) {
      this.unavailable.report({ error: describeFailure(error) }, { letThrough: true });
      return undefined;
    }
  }

  async decrement(key: string): Promise<void> {
    await this.quietly(() => this.options.counters.decrement(this.prefix + key));
  }

  async resetKey(key: string): Promise<void> {
    await this.quietly(() => this.options.counters.reset(this.prefix + key));
  }

  private async quietly(work: () => Promise<void>): Promise<void> {
    try {
      await withinDeadline(work(), this.deadlineMs);
      this.unavailable.recovered();
    } catch (error) {
      this.unavailable.report({ error: describeFailure(error) }, { letThrough: false });
    }
  }
}
