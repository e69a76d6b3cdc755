import type { TokenResult, TokenSet } from './token-client';
import { RETRY_UNREACHABLE_MS, TokenKeeper, type KeeperTimers } from './token-keeper';

/** Timers moved by hand. */
class FakeTimers implements KeeperTimers {
  current = 0;
  private readonly pending = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;
  now = (): number => this.current;
  setTimeout = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.pending.set(id, { at: this.current + ms, run });
    return id;
  };
  clearTimeout = (handle: unknown): void => void this.pending.delete(handle as number);
  async advance(ms: number): Promise<void> {
    this.current += ms;
    for (const [id, timer] of [...this.pending]) {
      if (timer.at <= this.current) {
        this.pending.delete(id);
        timer.run();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const set = (n: number, expiresInS = 3600): TokenSet => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresInS });

function keeperWith(answers: TokenResult[]) {
  const timers = new FakeTimers();
  const presented: string[] = [];
  const revoked: string[] = [];
  let lapsed = 0;
  const keeper = new TokenKeeper({
    timers,
    refresh: async (token) => {
      presented.push(token);
      return answers.shift() ?? { kind: 'refused', error: 'invalid_grant' };
    },
    revoke: async (token) => {
      revoked.push(token);
    },
    onLapsed: () => {
      lapsed += 1;
    },
  });
  return { keeper, timers, presented, revoked, lapsed: () => lapsed };
}

describe('TokenKeeper', () => {
  it('rotates the refresh token a minute before an hour-long access token lapses, and keeps rotating', async () => {
    const { keeper, timers, presented } = keeperWith([{ kind: 'tokens', tokens: set(2) }, { kind: 'tokens', tokens: set(3) }]);
    keeper.start(set(1));
    await timers.advance(3539_000);
    expect(presented).toEqual([]);
    await timers.advance(1_000);
    expect(presented).toEqual(['refresh-1']);
    expect(keeper.accessToken()).toBe('access-2');
    await timers.advance(3540_000);
    expect(presented).toEqual(['refresh-1', 'refresh-2']);
    expect(keeper.accessToken()).toBe('access-3');
  });

  it('rotates short-lived tokens at four fifths of their life', async () => {
    const { keeper, timers, presented } = keeperWith([{ kind: 'tokens', tokens: set(2, 10) }]);
    keeper.start(set(1, 10));
    await timers.advance(7_999);
    expect(presented).toEqual([]);
    await timers.advance(1);
    expect(presented).toEqual(['refresh-1']);
  });

  it('rotates once, at the call, an access token that lapsed while the timers slept, and keeps the sign-in', async () => {
    const { keeper, timers, presented, revoked, lapsed } = keeperWith([{ kind: 'tokens', tokens: set(2) }]);
    keeper.start(set(1));
    // The clock jumps past the token's life; no timer has run.
    timers.current += 3700_000;
    expect(await Promise.all([keeper.freshAccessToken(), keeper.freshAccessToken()])).toEqual(['access-2', 'access-2']);
    expect(presented).toEqual(['refresh-1']);
    expect([revoked, lapsed(), keeper.signedIn]).toEqual([[], 0, true]);
  });

  it('signs out when the rotation asked by a call after a sleep is refused', async () => {
    const { keeper, timers, lapsed } = keeperWith([{ kind: 'refused', error: 'invalid_grant' }]);
    keeper.start(set(1));
    timers.current += 3700_000;
    expect(await keeper.freshAccessToken()).toBeUndefined();
    expect([lapsed(), keeper.signedIn]).toEqual([1, false]);
  });

  it('signs out when the rotation is refused', async () => {
    const { keeper, timers, lapsed } = keeperWith([{ kind: 'refused', error: 'invalid_grant' }]);
    keeper.start(set(1));
    await timers.advance(3540_000);
    expect(lapsed()).toBe(1);
    expect(keeper.signedIn).toBe(false);
    expect(keeper.accessToken()).toBeUndefined();
  });

  it('tries again while the service cannot be reached, until the access token lapses', async () => {
    const { keeper, timers, presented, lapsed } = keeperWith([{ kind: 'unreachable' }, { kind: 'tokens', tokens: set(2) }]);
    keeper.start(set(1));
    await timers.advance(3540_000);
    expect(keeper.accessToken()).toBe('access-1');
    await timers.advance(RETRY_UNREACHABLE_MS);
    expect(presented).toEqual(['refresh-1', 'refresh-1']);
    expect(keeper.accessToken()).toBe('access-2');
    expect(lapsed()).toBe(0);
  });

  it('waits as long as the Retry-After of a 429 says before trying again, signed in meanwhile, nothing revoked', async () => {
    const { keeper, timers, presented, revoked, lapsed } = keeperWith([{ kind: 'unreachable', retryAfterMs: 30_000 }, { kind: 'tokens', tokens: set(2) }]);
    keeper.start(set(1));
    await timers.advance(3540_000);
    expect(keeper.accessToken()).toBe('access-1');
    await timers.advance(29_999);
    expect(presented).toEqual(['refresh-1']);
    expect(keeper.signedIn).toBe(true);
    await timers.advance(1);
    expect(presented).toEqual(['refresh-1', 'refresh-1']);
    expect(keeper.accessToken()).toBe('access-2');
    expect(lapsed()).toBe(0);
    expect(revoked).toEqual([]);
  });

  it('keeps the contact signed in until the access token lapses when Retry-After outlasts it', async () => {
    const { keeper, timers, presented, lapsed } = keeperWith([{ kind: 'unreachable', retryAfterMs: 900_000 }]);
    keeper.start(set(1));
    await timers.advance(3540_000);
    expect(lapsed()).toBe(0);
    expect(keeper.signedIn).toBe(true);
    expect(keeper.accessToken()).toBe('access-1');
    await timers.advance(59_999);
    expect(keeper.accessToken()).toBe('access-1');
    await timers.advance(1);
    expect(presented).toEqual(['refresh-1']);
    expect(lapsed()).toBe(1);
    expect(keeper.signedIn).toBe(false);
  });

  it('gives no access token once it lapsed, and forgets everything on sign-out', async () => {
    const { keeper, timers, presented } = keeperWith([]);
    keeper.start(set(1, 100));
    expect(keeper.accessToken()).toBe('access-1');
    keeper.signOut();
    expect(keeper.accessToken()).toBeUndefined();
    await timers.advance(200_000);
    expect(presented).toEqual([]);
  });

  it('has the service revoke the refresh token it holds on sign-out, once', async () => {
    const { keeper, timers, revoked } = keeperWith([{ kind: 'tokens', tokens: set(2) }]);
    keeper.start(set(1));
    await timers.advance(3540_000);
    keeper.signOut();
    keeper.signOut();
    expect(revoked).toEqual(['refresh-2']);
  });
});
