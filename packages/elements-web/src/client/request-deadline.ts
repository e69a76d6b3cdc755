import { SplitPayError } from './split-pay-error';

/** Aborts a request unanswered after `withinMs`, or when the caller's signal aborts it (unmount). */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly follow = (): void => this.controller.abort();
  passed = false;

  constructor(
    private readonly withinMs: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => {
      this.passed = true;
      this.controller.abort();
    }, withinMs);
    if (outer?.aborted) this.controller.abort();
    else outer?.addEventListener('abort', this.follow);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What the page is told: no answer, as a connection that failed (the request may have arrived). */
  lost(): SplitPayError {
    return new SplitPayError('NetworkError', 0, `no answer within ${this.withinMs / 1000} s`);
  }

  end(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.follow);
  }
}
