/**
 * The stand-ins the service's deadline answered for calls it cut short (D150): the metrics tell such a
 * call from a driver's own timeout, which answers the same unknown ack (D160). Held weakly: a
 * stand-in is forgotten with the answer it is.
 */
export class DeadlineCuts {
  private readonly standIns = new WeakSet<object>();

  /** `standIn` (an output answered, or an error thrown) stands for a call the deadline cut. */
  mark<T extends object>(standIn: T): T {
    this.standIns.add(standIn);
    return standIn;
  }

  cut(answer: unknown): boolean {
    return typeof answer === 'object' && answer !== null && this.standIns.has(answer);
  }
}
