import type { Principal } from '@splitpay/application';

/** What a verified token proved, and the times (seconds) between which it holds. */
interface Verified {
  readonly principal: Principal;
  readonly exp: number;
  readonly nbf: number | undefined;
}

/**
 * Access tokens already verified, by their exact text: a merchant's server sends the same token with
 * every call until it expires, and its signature and claims cannot change without changing the text.
 * A hit still checks the time (expiry, not-before) as the full verification does; failures are never
 * kept. Bounded: past `capacity` the oldest entry goes. Access tokens are not revocable (they live
 * minutes), so nothing else can make a verified token invalid before it expires.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Verified>();

  constructor(private readonly capacity = 4096) {}

  /** The principal of a token verified before and still within its times; undefined if unknown. */
  recall(token: string, nowS: number): Principal | null | undefined {
    const known = this.entries.get(token);
    if (!known) return undefined;
    if (nowS >= known.exp) {
      this.entries.delete(token);
      return null;
    }
    return known.nbf !== undefined && known.nbf > nowS ? null : known.principal;
  }

  remember(token: string, verified: Verified): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, verified);
  }
}
