import type { HitCount } from '@splitpay/domain';
import type { HitCounters } from '../app/hit-counters.port';

/**
 * Counters that every app of a test shares, as the MongoDB ones are shared by the instances (fixed
 * windows on Date.now, docs/decisions.md D55); the keys they were given are kept for the test to read.
 */
export class SharedCounters implements HitCounters {
  readonly keys: string[] = [];
  private readonly windows = new Map<string, { hits: number; resetTime: Date }>();

  async increment(key: string, windowMs: number): Promise<HitCount> {
    this.keys.push(key);
    const open = this.windows.get(key);
    const window = open && open.resetTime.getTime() > Date.now() ? open : { hits: 0, resetTime: new Date(Date.now() + windowMs) };
    window.hits++;
    this.windows.set(key, window);
    return { totalHits: window.hits, resetTime: window.resetTime };
  }

  async hits(key: string): Promise<HitCount | undefined> {
    const open = this.windows.get(key);
    return open && open.resetTime.getTime() > Date.now() ? { totalHits: open.hits, resetTime: open.resetTime } : undefined;
  }

  async decrement(key: string): Promise<void> {
    const open = this.windows.get(key);
    if (open && open.hits > 0) open.hits--;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}
