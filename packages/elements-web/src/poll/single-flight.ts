/**
 * One read at a time (docs/decisions.md D76). A read asked while one is in flight is not joined to it
 * (that read may have left before what the asker wants to see: the payer's approval in another tab,
 * the attempt an AttemptInFlight refusal speaks of) but sent once after it answers, however many are
 * asked meanwhile; every one of those askers gets that later read's result.
 */
export class SingleFlight<T> {
  private _inFlight = false;
  private _queued: { readonly result: Promise<T>; readonly send: (result: Promise<T>) => void } | undefined;

  constructor(private readonly _run: () => Promise<T>) {}

  /** A read is in flight. */
  get _busy(): boolean {
    return this._inFlight;
  }

  _read(): Promise<T> {
    if (!this._inFlight) return this._send();
    if (!this._queued) {
      let send!: (result: Promise<T>) => void;
      const result = new Promise<T>((resolve) => (send = resolve));
      this._queued = { result, send };
    }
    return this._queued.result;
  }

  private _send(): Promise<T> {
    this._inFlight = true;
    const result = this._run();
    void result.then(this._answered, this._answered);
    return result;
  }

  // The queued read leaves in the same turn as the one before answers: nothing can slip between them.
  private readonly _answered = (): void => {
    this._inFlight = false;
    const queued = this._queued;
    this._queued = undefined;
    if (queued) queued.send(this._send());
  };
}
