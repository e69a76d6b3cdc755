import type { Clock, MerchantAccount, MerchantAccountRepository, MerchantId } from '@splitpay/domain';

export interface MerchantAccountCacheOptions {
  readonly clock: Clock;
  /** How long an account read from the store is served from memory (a positive integer of ms). */
  readonly ttlMs: number;
  /** Accounts held at most; the one read longest ago leaves first. Default 1000. */
  readonly maxEntries?: number;
}

interface Entry {
  readonly account: MerchantAccount;
  readonly until: number;
}

export const DEFAULT_MERCHANT_ACCOUNT_CACHE_ENTRIES = 1000;

/**
 * A read-through cache in front of a MerchantAccountRepository (docs/decisions.md D57).
 *
 * - `findById` answers from memory for `ttlMs` after the store read began; concurrent misses of one id
 *   share one store read; a miss (null) and a failed read are never kept, so an account another
 *   instance adds is seen by the next read.
 * - `upsert` writes through, then forgets the id: its kept account, and any read still in flight, which
 *   may have found the previous account, keeps nothing.
 * - `findByContactEmail` (dashboard sign-in, rare and behind a slow hash) always asks the store.
 * - Every kept account is frozen deeply: callers share it, none can change what the next one gets.
 *
 * Another instance's upsert is seen here at most `ttlMs` later.
 */
export class CachingMerchantAccountRepository implements MerchantAccountRepository {
  private readonly entries = new Map<MerchantId, Entry>();
  private readonly pending = new Map<MerchantId, Promise<MerchantAccount | null>>();
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly inner: MerchantAccountRepository,
    options: MerchantAccountCacheOptions,
  ) {
    if (!Number.isSafeInteger(options.ttlMs) || options.ttlMs < 1) throw new Error(`ttlMs must be a positive integer, got ${options.ttlMs}`);
    this.clock = options.clock;
    this.ttlMs = options.ttlMs;
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MERCHANT_ACCOUNT_CACHE_ENTRIES);
  }

  async upsert(account: MerchantAccount): Promise<void> {
    try {
      await this.inner.upsert(account);
    } finally {
      this.forget(account.merchantId);
    }
  }

  findById(id: MerchantId): Promise<MerchantAccount | null> {
    const startedAt = this.clock.now();
    const entry = this.entries.get(id);
    if (entry !== undefined && startedAt < entry.until) return Promise.resolve(entry.account);
    const shared = this.pending.get(id);
    if (shared !== undefined) return shared;
    const read: Promise<MerchantAccount | null> = this.inner.findById(id).then(
      (found) => {
        // Only the read still registered may fill: an upsert since it began has unregistered it.
        if (this.pending.get(id) !== read) return found === null ? null : deepFreeze(found);
        this.pending.delete(id);
        if (found === null) return null;
        const account = deepFreeze(found);
        this.remember(id, { account, until: startedAt + this.ttlMs });
        return account;
      },
      (error: unknown) => {
        if (this.pending.get(id) === read) this.pending.delete(id);
        throw error;
      },
    );
    this.pending.set(id, read);
    return read;
  }

  findByContactEmail(email: string): Promise<MerchantAccount | null> {
    return this.inner.findByContactEmail(email);
  }

  private remember(id: MerchantId, entry: Entry): void {
    // Every entry lives ttlMs from its read, so the first in the map is the one that expires first.
    this.entries.delete(id);
    this.entries.set(id, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private forget(id: MerchantId): void {
    this.entries.delete(id);
    this.pending.delete(id);
  }
}

/** Freezes a plain value and everything it holds (accounts are JSON-like: objects, arrays, scalars). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
