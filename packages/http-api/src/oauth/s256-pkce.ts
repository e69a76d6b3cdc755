import { createHash } from 'node:crypto';
import type { PkceS256 } from '@splitpay/application';

/** RFC 7636 S256: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
export class S256Pkce implements PkceS256 {
  challengeOf(verifier: string): string {
    return createHash('sha256').update(verifier, 'ascii').digest('base64url');
  }
}
