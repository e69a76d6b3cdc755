/** Turns running at once by default: enough that a few merchant endpoints that never answer hold back no other work. */
export const DEFAULT_WORKER_CONCURRENCY = 8;

/** How a worker claims what is due (a session, a chargeback) and takes one turn on it. */
export interface ClaimedWork<T> {
  /** Claims the earliest due item under this instance's lease; null when nothing is due. */
  claim(): Promise<T | null>;
  keyOf(item: T): string;
  /** Gives the lease back without a turn (an item still due after its turn in this run). */
  release(item: T): Promise<void>;
  turn(item: T): Promise<void>;
  /** A turn that threw: it keeps its lease until the lease lapses, which spaces out the next try. */
  failed(item: T, error: unknown): void;
}

export interface TurnBounds {
  /** Items claimed per run at most. */
  readonly batchSize: number;
  /** Turns running at once at most. */
  readonly concurrency: number;
}

/**
 * One run of a worker: up to `concurrency` lanes, each claiming the next due item as soon as its own
 * turn ends, so a slow turn (a merchant endpoint that never answers) holds back only its own lane.
 * Resolves when every turn begun has ended, with how many items were claimed. An item claimed a second
 * time in the run (still due after its turn: a fault, or work due again at once) is given back and ends
 * the claiming: it is left for the next run.
 */
export async function runClaimedTurns<T>(work: ClaimedWork<T>, bounds: TurnBounds): Promise<number> {
  const seen = new Set<string>();
  let claimed = 0;
  let exhausted = false;
  const lane = async (): Promise<void> => {
    while (!exhausted && claimed < bounds.batchSize) {
      // The slot is taken before the claim is awaited, so the lanes together never pass the batch size.
      claimed++;
      const item = await work.claim().catch((error: unknown) => {
        exhausted = true;
        throw error;
      });
      if (!item || seen.has(work.keyOf(item))) {
        claimed--;
        exhausted = true;
        if (item) await work.release(item);
        return;
      }
      seen.add(work.keyOf(item));
      try {
        await work.turn(item);
      } catch (error) {
        work.failed(item, error);
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, bounds.concurrency) }, lane));
  const fault = lanes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (fault) throw fault.reason;
  return claimed;
}
