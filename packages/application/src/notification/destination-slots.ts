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
