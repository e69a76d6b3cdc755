import { hash, randomFillSync } from 'node:crypto';
import type { TokenMinter } from '@splitpay/domain';

const TOKEN_BYTES = 32;
const POOL_BYTES = 128 * TOKEN_BYTES;

/**
 * Opaque tokens from 256 bits of node:crypto randomness; stored and looked up by hex SHA-256.
 *
 * The random bytes are drawn 4 KB at a time (as node's randomUUID does): one call to the system's
 * generator every 128 tokens instead of one per token, a cost seen in every session created. Bytes
 * handed out are zeroed in the pool at once.
 */
export class RandomTokenMinter implements TokenMinter {
  private readonly pool = Buffer.alloc(POOL_BYTES);
  private used = POOL_BYTES;

  newElementsToken(): string {
    return `pst_${this.randomText()}`;
  }

  newOpaqueToken(): string {
    return this.randomText();
  }

  /** One-shot hashing: no Hash object per call (every elements request digests its token). */
  digest(token: string): string {
    return hash('sha256', token, 'hex');
  }

  private randomText(): string {
    if (this.used + TOKEN_BYTES > POOL_BYTES) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    const start = this.used;
    this.used += TOKEN_BYTES;
    const text = this.pool.toString('base64url', start, this.used);
    this.pool.fill(0, start, this.used);
    return text;
  }
}
