import { randomBytes } from 'node:crypto';
import { AesGcmSecretSealer, parseDataEncryptionKey } from './aes-gcm.secret-sealer';

describe('AesGcmSecretSealer', () => {
  const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });

  it('opens what it sealed, and the sealed form holds no clear text', () => {
    const sealed = sealer.seal('Bearer webhook-secret-value');
    expect(sealed).not.toContain('webhook-secret-value');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealer.open(sealed)).toBe('Bearer webhook-secret-value');
  });

  it('draws a fresh IV for every seal', () => {
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('refuses a tampered value, a value sealed under another key, and garbage', () => {
    const sealed = sealer.seal('whsec_abc');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => sealer.open([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => new AesGcmSecretSealer({ key: randomBytes(32) }).open(sealed)).toThrow();
    expect(() => sealer.open('not-sealed')).toThrow('not a sealed secret');
  });

  it('needs a 32-byte key', () => {
    expect(() => new AesGcmSecretSealer({ key: randomBytes(16) })).toThrow();
  });
});

describe('parseDataEncryptionKey', () => {
  it('reads 64 hex digits, base64 and base64url of 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseDataEncryptionKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseDataEncryptionKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseDataEncryptionKey(key.toString('base64url')).equals(key)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'short', randomBytes(16).toString('hex'), randomBytes(24).toString('base64'), 'z'.repeat(64)]) {
      expect(() => parseDataEncryptionKey(bad)).toThrow('32 bytes');
    }
  });
});
