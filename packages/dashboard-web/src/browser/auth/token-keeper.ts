import type { TokenResult, TokenSet } from './token-client';

export interface KeeperTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TokenKeeperDeps {
  readonly refresh: (refreshToken: string) => Promise<TokenResult>;
  /** Asks the service to revoke the refresh token's family; never awaited. */
  readonly revoke: (refreshToken: string) => Promise<void>;
  /** The sign-in is gone (refresh refused, or the token lapsed unrefreshed): sign in again. */
  readonly onLapsed: () => void;
  readonly timers?: KeeperTimers;
}

/** How long before the access token lapses it is rotated: a fifth of its life, at most a minute. */
export function refreshLeadMs(expiresInS: number): number {
  return Math.min(60_000, (expiresInS * 1000) / 5);
}

/** Wait before trying a refresh again when the service could not be reached. */
export const RETRY_UNREACHABLE_MS = 5_000;

const browserTimers: KeeperTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Holds the contact's tokens in memory (never in storage: a reload signs out) and rotates the
 * refresh token before the access token lapses. One rotation at a time: a refresh token is spent
 * by its use, and presenting it twice would revoke the whole family.
 */
export class TokenKeeper {
  private tokens: TokenSet | undefined;
  private lapsesAt = 0;
  private timer: unknown;
  private generation = 0;
  private readonly timers: KeeperTimers;
  /** The rotation on its way, shared: a refresh token presented twice would revoke its family. */
  private rotation: Promise<void> | undefined;

  constructor(private readonly deps: TokenKeeperDeps) {
    this.timers = deps.timers ?? browserTimers;
  }

  /** Keeps a fresh token set and schedules its rotation. */
  start(tokens: TokenSet): void {
    this.tokens = tokens;
    this.lapsesAt = this.timers.now() + tokens.expiresInS * 1000;
    this.schedule(Math.max(0, tokens.expiresInS * 1000 - refreshLeadMs(tokens.expiresInS)));
  }

  /** The access token to send, while it lives. */
  accessToken(): string | undefined {
    if (!this.tokens || this.timers.now() >= this.lapsesAt) return undefined;
    return this.tokens.accessToken;
  }

  /**
   * The access token to send, rotated first when it lapsed while a refresh token is held: a machine
   * that slept past the access token's life (its timers paused, its clock moved on) holds a refresh
   * token that may well be good, so the sign-in is kept rather than dropped and its family revoked
   * (D129-b). Undefined once signed out, or when the rotation was refused.
   */
  async freshAccessToken(): Promise<string | undefined> {
    const live = this.accessToken();
    if (live !== undefined || !this.tokens) return live;
    await this.rotate(this.generation);
    return this.accessToken();
  }

  get signedIn(): boolean {
    return this.tokens !== undefined;
  }

  /** Forgets every token, stops rotating, and has the service revoke the refresh token's family. */
  signOut(): void {
    this.generation += 1;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.tokens;
    this.tokens = undefined;
    if (held) void this.deps.revoke(held.refreshToken);
  }

  private schedule(ms: number): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    const generation = this.generation;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (generation === this.generation) void this.rotate(generation);
    }, ms);
  }

  private scheduleLapse(ms: number, generation: number): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (generation !== this.generation) return;
      this.signOut();
      this.deps.onLapsed();
    }, ms);
  }

  private rotate(generation: number): Promise<void> {
    this.rotation ??= this.rotateOnce(generation).finally(() => {
      this.rotation = undefined;
    });
    return this.rotation;
  }

  private async rotateOnce(generation: number): Promise<void> {
    const current = this.tokens;
    if (!current) return;
    const result = await this.deps.refresh(current.refreshToken);
    // Signed out while the rotation was on its way: its tokens are dropped.
    if (generation !== this.generation) return;
    switch (result.kind) {
      case 'tokens':
        this.start(result.tokens);
        return;
      case 'unreachable': {
        // A 429's Retry-After is honoured: the service would refuse an earlier try the same way.
        const wait = Math.max(RETRY_UNREACHABLE_MS, result.retryAfterMs ?? 0);
        const left = this.lapsesAt - this.timers.now();
        if (wait < left) {
          this.schedule(wait);
          return;
        }
        // No try is allowed before the access token lapses: the contact works on until it does.
        if (result.retryAfterMs !== undefined && left > 0) {
          this.scheduleLapse(left, generation);
          return;
        }
        break;
      }
      case 'refused':
        break;
    }
    this.signOut();
    this.deps.onLapsed();
  }
}
