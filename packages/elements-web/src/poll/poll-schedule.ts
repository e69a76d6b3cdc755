/**
 * The bounded, backing-off polling schedule: brisk right after an action (0.5 s, 1 s, 2 s, then every
 * 3 s), slow when nothing is on its way (every 15 s, to notice expiry), longer after failures, and
 * over for good once the session ended or its read grace passed.
 */
export interface PollTuning {
  /** First delay after an action; default 500 ms. */
  readonly minMs?: number;
  /** Longest delay while a verdict is on its way; default 3 s. */
  readonly maxMs?: number;
  /** Delay while nothing is on its way; default 15 s. */
  readonly idleMs?: number;
}

export class PollSchedule {
  private readonly minMs: number;
  private readonly maxMs: number;
  private readonly idleMs: number;
  private step = 0;
  private failures = 0;

  constructor(tuning: PollTuning = {}) {
    this.minMs = Math.max(50, tuning.minMs ?? 500);
    this.maxMs = Math.max(this.minMs, tuning.maxMs ?? 3000);
    this.idleMs = Math.max(this.maxMs, tuning.idleMs ?? 15_000);
  }

  /** An action was taken: start brisk again. */
  reset(): void {
    this.step = 0;
    this.failures = 0;
  }

  /** A poll failed (network, 5xx, 429): back off, doubling up to a minute; `retryAfterS` wins when longer. */
  failed(retryAfterS?: number): number {
    this.failures += 1;
    const backoff = Math.min(60_000, this.maxMs * 2 ** (this.failures - 1));
    return Math.max(backoff, (retryAfterS ?? 0) * 1000);
  }

  /** The delay before the next poll after a good answer. */
  next(waiting: boolean): number {
    this.failures = 0;
    if (!waiting) return this.idleMs;
    const delay = Math.min(this.maxMs, this.minMs * 2 ** this.step);
    this.step += 1;
    return delay;
  }
}
