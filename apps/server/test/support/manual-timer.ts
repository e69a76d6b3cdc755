import type { Timer } from '@splitpay/domain';

/** Real time the test passes by hand: what was armed runs when the test says its delay has passed. */
export class ManualTimer implements Timer {
  private armed: { readonly ms: number; readonly run: () => void }[] = [];

  after(ms: number, run: () => void): () => void {
    const entry = { ms, run };
    this.armed.push(entry);
    return () => void (this.armed = this.armed.filter((e) => e !== entry));
  }

  /** How many calls armed with a delay of `ms` are still waiting. */
  waiting(ms: number): number {
    return this.armed.filter((e) => e.ms === ms).length;
  }

  /** Runs every call armed with a delay of `ms`, as if that long had passed. */
  pass(ms: number): void {
    const due = this.armed.filter((e) => e.ms === ms);
    this.armed = this.armed.filter((e) => e.ms !== ms);
    for (const entry of due) entry.run();
  }
}
