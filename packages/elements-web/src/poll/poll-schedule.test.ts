import { PollSchedule } from './poll-schedule';

describe('PollSchedule', () => {
  it('backs off 0.5 s, 1 s, 2 s, then every 3 s while a verdict is on its way, and starts brisk again after an action', () => {
    const schedule = new PollSchedule();
    expect([1, 2, 3, 4, 5].map(() => schedule._next(true))).toEqual([500, 1000, 2000, 3000, 3000]);
    schedule._reset();
    expect(schedule._next(true)).toBe(500);
  });

  it('polls slowly when nothing is on its way', () => {
    expect(new PollSchedule()._next(false)).toBe(15_000);
    expect(new PollSchedule({ minMs: 100, maxMs: 400, idleMs: 1000 })._next(false)).toBe(1000);
  });

  it('doubles after failures up to a minute, and waits at least what Retry-After asks', () => {
    const schedule = new PollSchedule();
    expect([1, 2, 3, 4, 5, 6, 7].map(() => schedule._backoff())).toEqual([3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000]);
    expect(new PollSchedule()._backoff(90)).toBe(90_000);
    schedule._next(true);
    expect(schedule._backoff()).toBe(3000);
  });
});
