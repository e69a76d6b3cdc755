import type { HitCount } from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { isDuplicateKeyError } from '../duplicate-key';

export interface MongoHitCountersOptions {
  /** Epoch ms now; default Date.now. */
  readonly now?: () => number;
}

/** How many times a hit is tried again when other instances keep opening and ending its window meanwhile. */
const MAX_TRIES = 5;

/**
 * Fixed-window hit counters in one collection, shared by every instance on the database (docs/
 * decisions.md D55): a window opens at a key's first hit and lasts `windowMs`, as express-rate-limit's
 * own memory store counts. A hit is one `findOneAndUpdate` (`$inc`, upsert) while the window is open
 * or the key has no counter; a counter whose window has ended (the TTL monitor runs once a minute,
 * and not at all on some test servers) is reset in place by a conditional update, so the answer
 * never depends on the server having removed it.
 */
export class MongoHitCounters {
  private readonly now: () => number;

  constructor(
    private readonly collections: Pick<StoreCollections, 'hitCounters'>,
    options: MongoHitCountersOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async increment(key: string, windowMs: number): Promise<HitCount> {
    const counters = this.collections.hitCounters;
    for (let i = 0; i < MAX_TRIES; i++) {
      const now = new Date(this.now());
      const resetAt = new Date(now.getTime() + windowMs);
      try {
        const counted = await counters.findOneAndUpdate(
          { _id: key, resetAt: { $gt: now } },
          { $inc: { hits: 1 }, $setOnInsert: { resetAt } },
          { upsert: true, returnDocument: 'after' },
        );
        if (counted) return { totalHits: counted.hits, resetTime: counted.resetAt };
      } catch (error) {
        // The key's counter exists with its window ended (the upsert met its `_id`): open a new window.
        if (!isDuplicateKeyError(error)) throw error;
      }
      const reopened = await counters.findOneAndUpdate({ _id: key, resetAt: { $lte: now } }, { $set: { hits: 1, resetAt } }, { returnDocument: 'after' });
      if (reopened) return { totalHits: reopened.hits, resetTime: reopened.resetAt };
      // Another instance reopened the window first (or removed the counter): count in its window.
    }
    throw new Error(`rate-limit counter: no stable window after ${MAX_TRIES} tries`);
  }

  /** The hits of the key's open window, none counted; undefined when its window has ended or it has none. */
  async hits(key: string): Promise<HitCount | undefined> {
    const open = await this.collections.hitCounters.findOne({ _id: key, resetAt: { $gt: new Date(this.now()) } });
    return open ? { totalHits: open.hits, resetTime: open.resetAt } : undefined;
  }

  /** Takes back one hit of the key's open window; nothing when it has none, or none left. */
  async decrement(key: string): Promise<void> {
    await this.collections.hitCounters.updateOne({ _id: key, resetAt: { $gt: new Date(this.now()) }, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
  }

  /** Forgets the key: its next hit opens a new window. */
  async reset(key: string): Promise<void> {
    await this.collections.hitCounters.deleteOne({ _id: key });
  }
}
