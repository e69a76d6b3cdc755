import type { LogFields, Logger } from '@splitpay/domain';

/** How often one limiter may log `rate_limit.store_unavailable` while its counters stay unreachable. */
export const DEFAULT_WARNING_INTERVAL_MS = 30_000;

export interface ThrottledWarningOptions {
  readonly logger: Pick<Logger, 'warn'>;
  readonly event: string;
  /** Written once when the source answers again after a warning (`recovered`). */
  readonly recoveredEvent: string;
  /** Written with every warning (the limiter's name). */
  readonly fields: LogFields;
  /** Default DEFAULT_WARNING_INTERVAL_MS. */
  readonly intervalMs?: number;
  /** Milliseconds since the epoch; default Date.now. */
  readonly now?: () => number;
}

/**
 * One warning of one source, written at most once per interval (docs/decisions.md D55): a failure of
 * the shared counters during an outage would otherwise write a line per request. The first failure is
 * written at once; the ones within the interval after it are held back and counted, and the next
 * warning says how many requests were let through since the last one (`letThrough`, its own included).
 * The first success after a warning is written once too, at the same level (whoever saw the outage
 * sees its end), with the requests let through since the last warning.
 */
export class ThrottledWarning {
  private lastWrittenAt: number | undefined;
  private letThrough = 0;
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ThrottledWarningOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_WARNING_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  /** One failure; `letThrough` when it let a request go on unlimited (a failed count, not a failed take-back). */
  report(fields: LogFields, outcome: { readonly letThrough: boolean }): void {
    if (outcome.letThrough) this.letThrough++;
    const now = this.now();
    if (this.lastWrittenAt !== undefined && now - this.lastWrittenAt < this.intervalMs) return;
    this.lastWrittenAt = now;
    const letThrough = this.letThrough;
    this.letThrough = 0;
    this.options.logger.warn(this.options.event, { ...this.options.fields, ...fields, letThrough });
  }

  /** The source answered: ends an outage a warning was written for. Costs one comparison otherwise. */
  recovered(): void {
    if (this.lastWrittenAt === undefined) return;
    const letThrough = this.letThrough;
    this.lastWrittenAt = undefined;
    this.letThrough = 0;
    this.options.logger.warn(this.options.recoveredEvent, { ...this.options.fields, letThrough });
  }
}
