import { createHash, randomBytes } from 'node:crypto';
import type { TokenMinter } from '@splitpay/domain';

const TOKEN_BYTES = 32;

/** Opaque tokens from 256 bits of node:crypto randomness; stored and looked up by hex SHA-256. */
export class RandomTokenMinter implements TokenMinter {
  newElementsToken(): string {
    return `pst_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  }

  newOpaqueToken(): string {
    return randomBytes(TOKEN_BYTES).toString('base64url');
  }

  digest(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
