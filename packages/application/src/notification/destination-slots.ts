/** Tries in flight for one merchant at most, by default, so that its endpoint never takes every slot (D108-b). */
export const DEFAULT_TRIES_PER_MERCHANT = 4;

/** How a delivery worker caps one merchant's tries in flight; shared by the session-ended and chargeback workers. */
export interface MerchantCapOptions {
  /** Tries running at once at most for one merchant, so that its endpoint never takes every slot. Default DEFAULT_TRIES_PER_MERCHANT. */
  readonly perMerchant?: number;
  /** How far a message of a merchant at its cap is put back (when one of its slots may free: the webhook timeout). Default 10 s. */
  readonly capBackoffMs?: number;
}

/** Tries in flight per destination, each destination capped, so that one endpoint that hangs holds a few slots, never all. */
export class DestinationSlots<K> {
  private readonly inFlight = new Map<K, number>();

  constructor(readonly perDestination: number) {}

  isFull(key: K): boolean {
    return (this.inFlight.get(key) ?? 0) >= this.perDestination;
  }

  take(key: K): void {
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
  }

  give(key: K): void {
    const left = (this.inFlight.get(key) ?? 0) - 1;
    if (left > 0) this.inFlight.set(key, left);
    else this.inFlight.delete(key);
  }

  total(): number {
    let sum = 0;
    for (const n of this.inFlight.values()) sum += n;
    return sum;
  }

  snapshot(): ReadonlyMap<K, number> {
    return new Map(this.inFlight);
  }
}
