/**
 * One read at a time (docs/decisions.md D76). A read asked while one is in flight is not joined to it
 * (that read may have left before what the asker wants to see: the payer's approval in another tab,
 * the attempt an AttemptInFlight refusal speaks of) but sent once after it answers, however many are
 * asked meanwhile; every one of those askers gets that later read's result.
 */
export class SingleFlight<T> {
  private inFlight = false;
  private queued: { readonly result: Promise<T>; readonly send: (result: Promise<T>) => void } | undefined;

  constructor(private readonly run: () => Promise<T>) {}

  /** A read is in flight. */
  get busy(): boolean {
    return this.inFlight;
  }

  read(): Promise<T> {
    if (!this.inFlight) return this.send();
    if (!this.queued) {
      let send!: (result: Promise<T>) => void;
      const result = new Promise<T>((resolve) => (send = resolve));
      this.queued = { result, send };
    }
    return this.queued.result;
  }

  private send(): Promise<T> {
    this.inFlight = true;
    const result = this.run();
    void result.then(this.answered, this.answered);
    return result;
  }

  // The queued read leaves in the same turn as the one before answers: nothing can slip between them.
  private readonly answered = (): void => {
    this.inFlight = false;
    const queued = this.queued;
    this.queued = undefined;
    if (queued) queued.send(this.send());
  };
}
