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

/**
 * The turns one worker may run at once in this instance, shared by its runs: a run started while
 * earlier turns still wait (a merchant endpoint that never answers) takes the slots left.
 */
export class TurnSlots {
  private taken = 0;

  constructor(readonly capacity: number = DEFAULT_WORKER_CONCURRENCY) {}

  take(): boolean {
    if (this.taken >= this.capacity) return false;
    this.taken++;
    return true;
  }

  give(): void {
    this.taken--;
  }
}

export interface TurnBounds {
  /** Items claimed per run at most. */
  readonly batchSize: number;
  /** The worker's slots: turns running at once at most, across its runs. */
  readonly slots: TurnSlots;
}

/**
 * One run of a worker: lanes that each take a free slot, claim the next due item and take its turn,
 * again as soon as that turn ends, so a slow turn holds back only its own slot. The worker's scheduler
 * does not wait for a run to end before starting the next one: a new run claims what fell due since
 * with the slots left. Resolves when every turn this run began has ended, with how many items it
 * claimed. An item claimed a second time in the run (still due after its turn: a fault, or work due
 * again at once) is given back and ends the run's claiming: it is left for the next run.
 */
export async function runClaimedTurns<T>(work: ClaimedWork<T>, bounds: TurnBounds): Promise<number> {
  const seen = new Set<string>();
  let claimed = 0;
  let exhausted = false;
  const lane = async (): Promise<void> => {
    while (!exhausted && claimed < bounds.batchSize && bounds.slots.take()) {
      try {
        // Counted before the claim is awaited, so the lanes together never pass the batch size.
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
      } finally {
        bounds.slots.give();
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: bounds.slots.capacity }, lane));
  const fault = lanes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (fault) throw fault.reason;
  return claimed;
}
