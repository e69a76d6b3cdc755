/** How often a payment with a refund awaiting its verdict, or a notification sent again and not yet delivered, is read again (D121-a, D129-e). */
export const PENDING_REREAD_MS = 10_000;

/** What the re-read asks of the view it reads for. */
export interface RereadHooks {
  /** Whether the view is still shown: one left (another address, a language, a sign-out) is never read again. */
  readonly shown: () => boolean;
  /** Whether a read an action asked is still unanswered: the re-read waits for it (it would drop that action's focus). */
  readonly readOwed: () => boolean;
  /** Reads the payment again in the background. */
  readonly reread: () => void;
}

/**
 * The payment view's one re-read timer: while a refund is pending (or a notification sent again is
 * owed) nothing else tells the page its verdict landed, so it reads the payment again every
 * PENDING_REREAD_MS until the view stops asking or is left.
 */
export class PendingReread {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly hooks: RereadHooks,
    private readonly everyMs = PENDING_REREAD_MS,
  ) {}

  /** Asks for a re-read in PENDING_REREAD_MS, in place of any already due. */
  later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.due(), this.everyMs);
  }

  /** No re-read is due any more. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private due(): void {
    if (!this.hooks.shown()) return;
    if (this.hooks.readOwed()) this.later();
    else this.hooks.reread();
  }
}
