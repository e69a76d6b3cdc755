import { createCipheriv, createDecipheriv } from 'node:crypto';

/** AES in ECB mode with PKCS#5 padding (Java's default `AES`), as Oney encrypts bodies; the key's length picks 128 or 256. */
function algorithmOf(key: Buffer): string {
  if (key.length === 16) return 'aes-128-ecb';
  if (key.length === 32) return 'aes-256-ecb';
  throw new Error('the encryption key is neither 128 nor 256 bits');
}

/** The plaintext of an `encrypted_message` (base64), or undefined when it does not decrypt under the key. */
export function decryptOneyMessage(encrypted: string, base64Key: string): string | undefined {
  try {
    const key = Buffer.from(base64Key, 'base64');
    const decipher = createDecipheriv(algorithmOf(key), key, null);
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** What Oney would send as `encrypted_message` for a plaintext (tests, and a future encrypted request mode). */
export function encryptOneyMessage(plaintext: string, base64Key: string): string {
  const key = Buffer.from(base64Key, 'base64');
  const cipher = createCipheriv(algorithmOf(key), key, null);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}
