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
  private readonly _minMs: number;
  private readonly _maxMs: number;
  private readonly _idleMs: number;
  private _step = 0;
  private _failures = 0;

  constructor(tuning: PollTuning = {}) {
    this._minMs = Math.max(50, tuning.minMs ?? 500);
    this._maxMs = Math.max(this._minMs, tuning.maxMs ?? 3000);
    this._idleMs = Math.max(this._maxMs, tuning.idleMs ?? 15_000);
  }

  /** An action was taken: start brisk again. */
  _reset(): void {
    this._step = 0;
    this._failures = 0;
  }

  /** A poll failed (network, 5xx, 429): back off, doubling up to a minute; `retryAfterS` wins when longer. */
  _backoff(retryAfterS?: number): number {
    this._failures += 1;
    const backoff = Math.min(60_000, this._maxMs * 2 ** (this._failures - 1));
    return Math.max(backoff, (retryAfterS ?? 0) * 1000);
  }

  /** The delay before the next poll after a good answer. */
  _next(waiting: boolean): number {
    this._failures = 0;
    if (!waiting) return this._idleMs;
    const delay = Math.min(this._maxMs, this._minMs * 2 ** this._step);
    this._step += 1;
    return delay;
  }
}
