import crypto from 'node:crypto';
import { RandomTokenMinter } from './random.token-minter';

describe('RandomTokenMinter', () => {
  const minter = new RandomTokenMinter();

  it('mints elements tokens as pst_ and 32 random bytes in base64url', () => {
    const token = minter.newElementsToken();
    expect(token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(minter.newElementsToken()).not.toBe(token);
  });

  it('mints opaque URL-safe tokens of 32 random bytes', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => minter.newOpaqueToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('draws randomness 4 KB at a time, every token still of its own 32 bytes', () => {
    const fill = jest.spyOn(crypto, 'randomFillSync');
    try {
      const pooled = new RandomTokenMinter();
      const tokens = Array.from({ length: 1_000 }, (_, i) => (i % 2 === 0 ? pooled.newElementsToken().slice(4) : pooled.newOpaqueToken()));
      expect(new Set(tokens).size).toBe(1_000);
      for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(fill).toHaveBeenCalledTimes(Math.ceil(1_000 / 128));
    } finally {
      fill.mockRestore();
    }
  });

  it('digests with hex SHA-256', () => {
    expect(minter.digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
