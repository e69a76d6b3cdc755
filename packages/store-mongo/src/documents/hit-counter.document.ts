/**
 * One fixed-window counter of a rate limiter (docs/decisions.md D55), `_id` the limiter's prefix and
 * its key (an elements token's digest or a client address, never a token). `resetAt` (a BSON date)
 * is the end of the window and feeds a TTL index, so the server removes ended counters by itself.
 */
export interface HitCounterDocument {
  readonly _id: string;
  readonly hits: number;
  readonly resetAt: Date;
}
