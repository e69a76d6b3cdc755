import type { PasswordHasher } from '@splitpay/domain';

/**
 * A hash of nothing anyone knows, verified against when the client or contact does not exist, so
 * that an unknown name costs the same slow hash as a wrong secret and timing reveals nothing.
 */
export class DecoyHash {
  private hash: Promise<string> | undefined;

  constructor(private readonly hasher: PasswordHasher) {}

  /** Verifies `secret` against the decoy: always false, after the same work as a real check. */
  async burn(secret: string): Promise<false> {
    // The result is ignored, so the decoy's own secret does not matter (the hasher salts it).
    this.hash ??= this.hasher.hash('decoy');
    await this.hasher.verify(secret, await this.hash);
    return false;
  }
}
