/** How much slow hashing (scrypt) unauthenticated callers may cause at once. */
export interface HashingLimits {
  /** Hashes running at once in the process (scrypt runs on libuv's pool of 4 threads by default). */
  readonly concurrency: number;
  /** Requests waiting for a slot; beyond, the request is turned away at once (503). */
  readonly queue: number;
  /** Requests of one address running or waiting; beyond, that address is turned away at once (429). */
  readonly perAddress: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 4, queue: 32, perAddress: 4 };

export type GateOutcome<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'address-busy' } | { readonly kind: 'full' };

interface Waiter {
  readonly address: string;
  readonly start: () => void;
}

/**
 * Admission to the credential checks that cost a full scrypt hash (client secrets, contact
 * passwords), taken before anything is looked up, so that known and unknown clients pass it alike.
 * It bounds the work per address and in all, and serves waiting addresses in turn (round robin):
 * an address flooding the endpoint waits behind its own requests, and another address's request
 * takes the next free slot.
 */
export class HashingGate {
  private running = 0;
  private waiting = 0;
  private readonly perAddress = new Map<string, number>();
  /** Waiting requests by address, addresses in the order they are served. */
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly limits: HashingLimits = DEFAULT_HASHING_LIMITS) {}

  async run<T>(address: string, work: () => Promise<T>): Promise<GateOutcome<T>> {
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) return { kind: 'address-busy' };
    if (this.running >= this.limits.concurrency && this.waiting >= this.limits.queue) return { kind: 'full' };
    this.perAddress.set(address, mine + 1);
    try {
      if (this.running >= this.limits.concurrency) await this.waitTurn(address);
      else this.running += 1;
      try {
        return { kind: 'done', value: await work() };
      } finally {
        this.releaseSlot();
      }
    } finally {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    }
  }

  private waitTurn(address: string): Promise<void> {
    this.waiting += 1;
    return new Promise((start) => {
      const queue = this.queues.get(address) ?? [];
      queue.push({ address, start });
      this.queues.set(address, queue);
    });
  }

  /** Hands the freed slot to the next address in turn (that address then goes to the back). */
  private releaseSlot(): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [address, queue] = next.value;
    const waiter = queue.shift() as Waiter;
    this.queues.delete(address);
    if (queue.length > 0) this.queues.set(address, queue);
    this.waiting -= 1;
    waiter.start();
  }
}
