import type { HitCount } from '@splitpay/domain';

/**
 * Fixed-window hit counters a rate limit keeps outside the process, so that every instance of the
 * service counts against one budget (docs/decisions.md D55). A window opens at a key's first hit and
 * lasts `windowMs`. Keys are a limiter's prefix and a digest or an address, never a credential.
 */
export interface HitCounters {
  /** Counts one hit of `key` and answers the hits of its window, this one included. */
  increment(key: string, windowMs: number): Promise<HitCount>;
  /** The hits of the key's open window without counting one; undefined when it has none open. */
  hits(key: string): Promise<HitCount | undefined>;
  /** Takes one hit of the key's open window back (none below zero). */
  decrement(key: string): Promise<void>;
  /** Forgets the key: its next hit opens a new window. */
  reset(key: string): Promise<void>;
}
