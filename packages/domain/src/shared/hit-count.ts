/**
 * A key's hits in its current window, and when that window ends: what a fixed-window rate limit's
 * counters answer (docs/decisions.md D55). Here because both the HTTP adapter, whose limits read it,
 * and the stores, which count it, see the domain and never each other (docs/decisions.md D71).
 */
export interface HitCount {
  readonly totalHits: number;
  readonly resetTime: Date;
}
