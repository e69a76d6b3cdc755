import type { Clock } from '@splitpay/domain';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.current;
  }
  set(at: number): void {
    this.current = at;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
