import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretSealer } from '@splitpay/domain';

const VERSION = 'v1';
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * Reads a 256-bit data encryption key given as 64 hexadecimal digits or as base64 / base64url of
 * 32 bytes. Throws on anything else, so a mistyped key stops the start instead of sealing with it.
 */
export function parseDataEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error('a data encryption key must be 32 bytes, written as 64 hex digits or base64');
}

/**
 * AES-256-GCM sealing of secrets the service must later send verbatim. Each seal draws a random
 * 96-bit IV; the output is `v1.<iv>.<tag>.<ciphertext>` in base64url. `open` throws when the value
 * was tampered with or sealed under another key.
 */
export class AesGcmSecretSealer implements SecretSealer {
  private readonly key: Buffer;

  constructor(deps: { readonly key: Buffer }) {
    if (deps.key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
    this.key = Buffer.from(deps.key);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_LENGTH });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body, ...rest] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
      throw new Error('not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_LENGTH });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
