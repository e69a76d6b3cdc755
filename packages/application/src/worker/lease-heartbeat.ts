import type { Logger, Timer } from '@splitpay/domain';

/** What keeps one claimed item's lease alive while its turn runs. */
export interface LeaseRenewal {
  /** Extends the lease from the clock's now; false when this instance no longer holds it. */
  renew(): Promise<boolean>;
  /** Real milliseconds between two renewals: well under the lease, so one late renewal loses nothing. */
  readonly everyMs: number;
  /** The lease passed to another instance while the turn ran (this process was paused past the lease). */
  lost(): void;
  /** A renewal the store refused; the next one is tried on time. */
  failed(error: unknown): void;
}

/**
 * The renewal of one worker's lease on one item: renewed every third of the lease, a loss or a store
 * fault logged (`worker.lease_lost`, `worker.lease_renewal_failed`) with the worker and the item's
 * key fields (`{ sessionId }`, `{ notificationId }`).
 */
export function workerLeaseRenewal(
  worker: { readonly name: string; readonly logger: Logger; readonly leaseMs: number },
  item: Readonly<Record<string, string>>,
  renew: () => Promise<boolean>,
): LeaseRenewal {
  return {
    renew,
    everyMs: worker.leaseMs / 3,
    lost: () => worker.logger.warn('worker.lease_lost', { worker: worker.name, ...item }),
    failed: (error) => worker.logger.warn('worker.lease_renewal_failed', { worker: worker.name, ...item, error }),
  };
}

/** What a turn under a heartbeat holds: the turn's own write that releases its lease ends the renewals. */
export interface Heartbeat {
  /**
   * Runs the turn's leased save, which releases the lease, still renewing the lease while it runs (a
   * store slow to answer must not let the lease lapse before the save lands), and stops the renewals
   * when it ends. Once the save has begun, a renewal that finds the lease gone is not a lost lease:
   * the save released it, or, taken meanwhile, the save is refused and says so.
   */
  releasingWith<T>(save: () => Promise<T>): Promise<T>;
}

/**
 * Runs turns under a heartbeat: a turn's lease is renewed every `everyMs` of the timer until the turn
 * ends, so a turn slower than the lease (several PSP calls, a webhook try) is never taken over by
 * another instance. The renewals stop when the turn ends (a renewal in flight then is awaited), when
 * the turn's leased save, run through `releasingWith`, has ended (what follows is not a lost lease),
 * or when the lease was lost.
 */
export class LeaseHeartbeat {
  constructor(private readonly timer: Timer) {}

  async run<T>(renewal: LeaseRenewal, turn: (heartbeat: Heartbeat) => Promise<T>): Promise<T> {
    let ended = false;
    let releasing = false;
    let cancel: () => void = () => undefined;
    let renewing: Promise<void> = Promise.resolve();
    const stop = (): void => {
      ended = true;
      cancel();
    };
    const beat = (): void => {
      renewing = renewal.renew().then(
        (held) => {
          if (ended) return;
          if (held) schedule();
          else if (!releasing) renewal.lost();
        },
        (error: unknown) => {
          if (ended) return;
          renewal.failed(error);
          schedule();
        },
      );
    };
    const schedule = (): void => {
      cancel = this.timer.after(renewal.everyMs, beat);
    };
    schedule();
    const releasingWith = async <S>(save: () => Promise<S>): Promise<S> => {
      releasing = true;
      try {
        return await save();
      } finally {
        stop();
      }
    };
    try {
      return await turn({ releasingWith });
    } finally {
      stop();
      await renewing;
    }
  }
}
