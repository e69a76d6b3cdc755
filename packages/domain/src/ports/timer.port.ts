/**
 * Real time passing, for what paces itself whatever the instance's clock says (a turn's lease
 * heartbeat, docs/decisions.md D82). Tests hand it to jest's fake timers.
 */
export interface Timer {
  /** Calls `run` once, `ms` milliseconds from now; the function answered cancels that call. */
  after(ms: number, run: () => void): () => void;
}
