/** Durations the aggregate needs to schedule background work. */
export interface DomainPolicy {
  /** How long a financing file may stay AWAITING before it is refused (docs/decisions.md D17: 7 days). */
  readonly lenderWaitMs: number;
  /** After this long without a verdict, an authorization is looked up at the PSP. */
  readonly verdictOverdueMs: number;
  /**
   * While a lender studies a file whose PSP answers status queries: the delay before each lookup (the
   * first counts from the start of the study); the last delay repeats until the wait bound, where one
   * last lookup decides before the session is refused.
   */
  readonly lenderLookupDelaysMs: readonly number[];
  /** The last lookup, at the wait bound, got no answer: it is tried again after each delay; when spent, the session is refused. */
  readonly lenderBoundRetryDelaysMs: readonly number[];
  /**
   * A financing file whose session ended before its verdict (refused at the wait bound, its cancel
   * refused) is looked up, backing off, for this long after the ending at most; then the lookups stop
   * and the attempt records it (docs/decisions.md D41: 30 days).
   */
  readonly lenderLookupAfterEndMs: number;
  /**
   * The longest one driver call of a capture, void or refund can take: the drivers' PSP timeout. An
   * operation's first send falls due for the worker only once its writer's send can have ended
   * (`firstSendDelayMs`), so a worker of any instance sends only what that writer gave up on or
   * crashed on (docs/decisions.md D90).
   */
  readonly dispatchCallMs: number;
  /** What the first send's due adds to the calls for saving their ack (the writer's re-reads on a conflict, a slow store). */
  readonly dispatchAckSaveMs: number;
  /** Delays between tries of an owed capture, void or refund after a try without a usable answer; after the last, it is given up. */
  readonly dispatchRetryDelaysMs: readonly number[];
  /**
   * A capture, void or refund the PSP took without its verdict, from a driver that can look it up
   * (`followUpLookup`): the delay before each lookup (the first counts from the answer); once spent,
   * the lookups stop and the operator is alerted (docs/decisions.md D89).
   */
  readonly followUpLookupDelaysMs: readonly number[];
  /**
   * How long an operation may wait at its PSP for a verdict that nothing of ours will fetch before the
   * operator is alerted once (`psp.verdict_overdue`, docs/decisions.md D104).
   */
  readonly verdictOverdueAlertMs: number;
  /** The webhook calendar: delays after the first delivery attempt (t+1 s, t+1 min, t+5 min). */
  readonly webhookRetryDelaysMs: readonly number[];
}

/** What every aggregate command receives besides the session: the time, an id source, the policy. */
export interface DomainContext {
  readonly now: number;
  /** Mints a lowercase UUID v7. */
  newId(): string;
  readonly policy: DomainPolicy;
}

export const DEFAULT_POLICY: DomainPolicy = {
  lenderWaitMs: 7 * 24 * 3600_000,
  verdictOverdueMs: 60_000,
  lenderLookupDelaysMs: [10 * 60_000, 30 * 60_000, 3600_000, 3 * 3600_000, 6 * 3600_000],
  lenderBoundRetryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000, 3600_000],
  lenderLookupAfterEndMs: 30 * 24 * 3600_000,
  // psp-http's default timeout; the server sets it from the timeout it gives every driver.
  dispatchCallMs: 15_000,
  dispatchAckSaveMs: 5_000,
  dispatchRetryDelaysMs: [5_000, 30_000, 120_000, 600_000],
  // Some 8 days: PayPal's reviews of a pending capture end within days; prompt at first, daily after.
  followUpLookupDelaysMs: [10 * 60_000, 30 * 60_000, 3600_000, 3 * 3600_000, 6 * 3600_000, 12 * 3600_000, 24 * 3600_000, 24 * 3600_000, 24 * 3600_000, 48 * 3600_000, 48 * 3600_000],
  webhookRetryDelaysMs: [1_000, 60_000, 300_000],
  verdictOverdueAlertMs: 3600_000,
};
