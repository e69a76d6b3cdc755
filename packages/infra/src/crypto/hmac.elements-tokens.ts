import { createHmac, randomBytes } from 'node:crypto';
import type { DerivedElementsTokens } from '@splitpay/domain';

const SALT_BYTES = 32;

/**
 * Elements tokens derived from a stored salt by HMAC-SHA256, under a key of this use alone derived from
 * the access token signing key (as the rate limits derive theirs, D55): every instance sharing the
 * configuration derives the same token, and a token derived here never verifies anything else.
 * Rotating the signing key changes every token derived afterwards (docs/decisions.md D63).
 */
export class HmacElementsTokens implements DerivedElementsTokens {
  private readonly key: Buffer;

  constructor(signingKey: string) {
    this.key = createHmac('sha256', signingKey).update('splitpay elements tokens v1').digest();
  }

  newSalt(): string {
    return randomBytes(SALT_BYTES).toString('base64url');
  }

  tokenOf(salt: string): string {
    return `pst_${createHmac('sha256', this.key).update(salt).digest('base64url')}`;
  }
}
