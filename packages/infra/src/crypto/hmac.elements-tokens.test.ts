import { createHmac } from 'node:crypto';
import { HmacElementsTokens } from './hmac.elements-tokens';
import { RandomTokenMinter } from './random.token-minter';

describe('HmacElementsTokens', () => {
  const tokens = new HmacElementsTokens('the-signing-key');

  it('draws salts of 32 random bytes, URL-safe', () => {
    const salts = new Set(Array.from({ length: 100 }, () => tokens.newSalt()));
    expect(salts.size).toBe(100);
    for (const salt of salts) expect(Buffer.from(salt, 'base64url')).toHaveLength(32);
  });

  it('derives from a salt a token shaped like a random elements token, the same each time', () => {
    const salt = tokens.newSalt();
    const token = tokens.tokenOf(salt);
    expect(token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(new RandomTokenMinter().newElementsToken()).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(tokens.tokenOf(salt)).toBe(token);
    expect(new HmacElementsTokens('the-signing-key').tokenOf(salt)).toBe(token);
    expect(tokens.tokenOf(tokens.newSalt())).not.toBe(token);
  });

  it('derives other tokens under another key (a rotated signing key), and never the plain HMAC of the signing key', () => {
    const salt = tokens.newSalt();
    expect(new HmacElementsTokens('a-rotated-key').tokenOf(salt)).not.toBe(tokens.tokenOf(salt));
    expect(tokens.tokenOf(salt)).not.toBe(`pst_${createHmac('sha256', 'the-signing-key').update(salt).digest('base64url')}`);
  });
});
